export interface SealedToken {
  keyId: string;
  iv: Buffer;
  ciphertext: Buffer;
  tag: Buffer;
}

/** A port of the use cases; `AesGcmTokenCipher` implements it with AES-256-GCM. */
export abstract class TokenCipher {
  abstract seal(token: string, owner: string): SealedToken;
  /** Whether the token was sealed with another key than the one new tokens get: seal it again. */
  abstract isStale(sealed: SealedToken): boolean;
  /** Throws when the key is unknown or the ciphertext, tag or owner does not match. */
  abstract open(sealed: SealedToken, owner: string): string;
}
