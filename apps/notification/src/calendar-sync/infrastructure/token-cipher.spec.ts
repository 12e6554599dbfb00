import { randomBytes } from 'node:crypto';
import { AesGcmTokenCipher, parseTokenKeys } from './token-cipher';

const key = () => randomBytes(32).toString('base64');

describe('TokenCipher', () => {
  const old = `2026:${key()}`;
  const current = `2027:${key()}`;

  it('opens what it sealed, and the ciphertext shows nothing of the token', () => {
    const cipher = new AesGcmTokenCipher(parseTokenKeys(current));
    const sealed = cipher.seal('1//refresh-token', 'resource-1');
    expect(sealed.keyId).toBe('2027');
    expect(sealed.ciphertext.toString('utf8')).not.toContain('refresh');
    expect(cipher.open(sealed, 'resource-1')).toBe('1//refresh-token');
    expect(cipher.seal('1//refresh-token', 'resource-1').iv.equals(sealed.iv)).toBe(false);
  });

  it('still opens tokens sealed with a key rotated out of first place, and seals with the new one', () => {
    const sealedBefore = new AesGcmTokenCipher(parseTokenKeys(old)).seal('token-a', 'r');
    const rotated = new AesGcmTokenCipher(parseTokenKeys(`${current},${old}`));
    expect(rotated.open(sealedBefore, 'r')).toBe('token-a');
    expect(rotated.seal('token-b', 'r').keyId).toBe('2027');
    expect(rotated.isStale(sealedBefore)).toBe(true);
    expect(rotated.isStale(rotated.seal('token-b', 'r'))).toBe(false);
    expect(() => new AesGcmTokenCipher(parseTokenKeys(current)).open(sealedBefore, 'r')).toThrow(
      /no token key 2026/,
    );
  });

  it('refuses a tampered ciphertext or tag, and a token moved to another resource', () => {
    const cipher = new AesGcmTokenCipher(parseTokenKeys(current));
    const sealed = cipher.seal('token', 'resource-1');
    const flipped = Buffer.from(sealed.ciphertext);
    flipped[0]! ^= 1;
    expect(() => cipher.open({ ...sealed, ciphertext: flipped }, 'resource-1')).toThrow();
    expect(() => cipher.open({ ...sealed, tag: randomBytes(16) }, 'resource-1')).toThrow();
    expect(() => cipher.open(sealed, 'resource-2')).toThrow();
  });

  it.each(['k1', 'k1:c2hvcnQ=', `k1:${key()}:x`, `k1:${key()},k1:${key()}`])(
    'refuses the key list %s',
    (text) => {
      expect(() => parseTokenKeys(text)).toThrow();
    },
  );
});
