import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';

const FETCH_TIMEOUT_MS = 5_000;

/**
 * An OpenID Connect provider's signing keys: its JWKS, found through its discovery document unless
 * given, cached by jose and fetched again for an unknown `kid` (key rotation), at most every 30 s.
 */
export class ProviderKeys {
  private keys?: Promise<JWTVerifyGetKey>;

  constructor(
    private readonly issuer: string,
    private readonly jwksUri?: string,
  ) {}

  /** The key set, discovered once; a failed discovery is tried again on the next token. */
  keySet(): Promise<JWTVerifyGetKey> {
    this.keys ??= this.discover().then((uri) =>
      createRemoteJWKSet(new URL(uri), {
        timeoutDuration: FETCH_TIMEOUT_MS,
        cooldownDuration: 30_000,
        cacheMaxAge: 10 * 60_000,
      }),
    );
    this.keys.catch(() => (this.keys = undefined));
    return this.keys;
  }

  private async discover(): Promise<string> {
    if (this.jwksUri) return this.jwksUri;
    const url = `${this.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
    const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const document = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
    // OpenID Connect Discovery 1.0 §4.3: the document must name the issuer it was fetched for.
    if (document.issuer !== this.issuer) throw new Error(`${url} names another issuer`);
    if (typeof document.jwks_uri !== 'string') throw new Error(`${url} has no jwks_uri`);
    return document.jwks_uri;
  }
}
