import { clusterId } from './kafka';

describe('clusterId', () => {
  it('never starts with "-", which the storage tool would read as an option (1 in 64 draws did)', () => {
    const ids = Array.from({ length: 5_000 }, clusterId);
    expect(ids.filter((id) => id.startsWith('-'))).toEqual([]);
    expect(ids.every((id) => Buffer.from(id, 'base64url').length === 16)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
