import { createResourceSchema } from './resource';

const car = {
  name: 'VinFast VF8 30A-123.45',
  kind: 'car',
  city: 'HN',
  ownerId: 'host-7',
  timeZone: 'Asia/Ho_Chi_Minh',
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 120,
  holdMinutes: 15,
  depositAmount: 2_000_000,
  currency: 'VND',
};

describe('createResourceSchema', () => {
  it('refuses a name, kind or city with a line break or another control character, naming the field', () => {
    for (const [field, value] of [
      ['name', 'Court 1\r\nBEGIN:VEVENT'],
      ['name', 'Court\n1'],
      ['kind', 'car\u0000'],
      ['city', 'HN\u001b[31m'],
    ] as const) {
      const result = createResourceSchema.safeParse({ ...car, [field]: value });
      expect([field, result.success, result.error?.issues.map((issue) => issue.path.join('/'))]).toEqual([
        field,
        false,
        [field],
      ]);
    }
  });

  it('accepts one line of text with punctuation and letters of any script', () => {
    expect(createResourceSchema.safeParse({ ...car, name: 'Sân 1; có mái, “north”' }).success).toBe(true);
  });
});
