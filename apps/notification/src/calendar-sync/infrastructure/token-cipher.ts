import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { type TokenCipher, type SealedToken } from '../application/ports/token-cipher';

export interface TokenKey {
  id: string;
  key: Buffer;
}

/**
 * `kid:base64key,kid:base64key`: 32-byte AES keys, the first the one new tokens are sealed with.
 * The others still open what they sealed, so a key is rotated by putting a new one first.
 */
export function parseTokenKeys(text: string): TokenKey[] {
  const keys = text.split(',').map((entry) => {
    const [id, encoded, extra] = entry.trim().split(':');
    const key = Buffer.from(encoded ?? '', 'base64');
    if (!id || extra !== undefined || key.length !== 32)
      throw new Error('each key is kid:base64 of 32 random bytes (openssl rand -base64 32)');
    return { id, key };
  });
  if (new Set(keys.map((key) => key.id)).size !== keys.length) throw new Error('key ids must differ');
  return keys;
}

/**
 * Refresh tokens at rest: AES-256-GCM with a fresh 96-bit IV each time, the key's id kept beside
 * the ciphertext, and the owning resource as associated data, so a row's token cannot be moved
 * to another resource's row and still open.
 */
export class AesGcmTokenCipher implements TokenCipher {
  constructor(private readonly keys: readonly TokenKey[]) {
    if (keys.length === 0) throw new Error('at least one token key is needed');
  }

  seal(token: string, owner: string): SealedToken {
    const { id, key } = this.keys[0]!;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(owner));
    const ciphertext = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
    return { keyId: id, iv, ciphertext, tag: cipher.getAuthTag() };
  }

  /** Whether the token was sealed with another key than the one new tokens get: seal it again. */
  isStale(sealed: SealedToken): boolean {
    return sealed.keyId !== this.keys[0]!.id;
  }

  /** Throws when the key is unknown or the ciphertext, tag or owner does not match. */
  open(sealed: SealedToken, owner: string): string {
    const key = this.keys.find((candidate) => candidate.id === sealed.keyId);
    if (!key) throw new Error(`no token key ${sealed.keyId}`);
    const decipher = createDecipheriv('aes-256-gcm', key.key, sealed.iv).setAAD(Buffer.from(owner));
    decipher.setAuthTag(sealed.tag);
    return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]).toString('utf8');
  }
}
