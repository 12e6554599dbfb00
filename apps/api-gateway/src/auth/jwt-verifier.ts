import { createSecretKey, type KeyObject } from 'node:crypto';
import { decodeProtectedHeader, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { DomainError, type Caller } from '@booking/contracts';
import { callerFromClaims, type ClaimNames } from './oidc-claims';
import { ProviderKeys } from './provider-keys';

export interface OidcSettings {
  issuer: string;
  audience: string;
  /** Found through the issuer's discovery document when not given. */
  jwksUri?: string;
  claims: ClaimNames;
}

export interface JwtSettings {
  secret: string;
  issuer?: string;
  audience?: string;
  /** False: tokens signed with `secret` are refused (only the provider's are taken). */
  hs256?: boolean;
  /** The longest a token may still be valid for; none by default. */
  maxLifetimeSeconds?: number;
  /** An OpenID Connect provider whose RS256/ES256 access tokens are accepted too. */
  oidc?: OidcSettings;
}

const PROVIDER_ALGORITHMS = ['RS256', 'ES256'];
const OWN_CLAIMS: ClaimNames = { user: 'sub', role: 'role' };

function unauthorized(detail: string): DomainError {
  return new DomainError('unauthorized', detail);
}

/** The header's `alg`; a header that does not decode is left to jwtVerify to refuse. */
function algorithmOf(token: string): unknown {
  try {
    return decodeProtectedHeader(token).alg;
  } catch {
    return 'HS256';
  }
}

/** How many verified tokens are remembered; the oldest is forgotten first. */
const REMEMBERED_TOKENS = 10_000;

/**
 * Bearer tokens: HS256 signed with `JWT_SECRET` (`sub` the user, `role` one of customer | host |
 * admin), or RS256/ES256 from the configured OpenID Connect provider (claims as configured);
 * `exp` required. A token that verified once is remembered until its `exp`, so a client's every request after the
 * first skips the signature check (a front end sends the same token for its whole session).
 */
export class JwtVerifier {
  // A KeyObject made once: jose would otherwise import the raw secret on every verification.
  private readonly key: KeyObject;
  private readonly verified = new Map<string, { caller: Caller; expiresAtMs: number }>();
  private readonly providerKeys?: ProviderKeys;

  constructor(private readonly settings: JwtSettings) {
    this.key = createSecretKey(Buffer.from(settings.secret, 'utf8'));
    if (settings.oidc) this.providerKeys = new ProviderKeys(settings.oidc.issuer, settings.oidc.jwksUri);
  }

  async verify(authorization: string | undefined): Promise<Caller> {
    const match = /^Bearer ([\w-]+\.[\w-]+\.[\w-]+)$/.exec(authorization ?? '');
    if (!match) throw unauthorized('Send a bearer token: Authorization: Bearer <JWT>.');
    const token = match[1]!;
    const known = this.verified.get(token);
    if (known && Date.now() < known.expiresAtMs) return known.caller;
    this.verified.delete(token);
    const { caller, expiresAtMs } = await this.check(token);
    if (this.verified.size >= REMEMBERED_TOKENS) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, { caller, expiresAtMs });
    return caller;
  }

  private async check(token: string): Promise<{ caller: Caller; expiresAtMs: number }> {
    try {
      const { payload, claims } = await this.verifySignature(token);
      const caller = callerFromClaims(payload, claims);
      if (!caller) throw unauthorized('The token names no user or no known role.');
      const { maxLifetimeSeconds } = this.settings;
      // A leaked token is worth what is left of its life: one made to last for years is refused.
      if (maxLifetimeSeconds !== undefined && payload.exp! > Date.now() / 1000 + maxLifetimeSeconds)
        throw unauthorized(`The token lasts longer than ${maxLifetimeSeconds} s; ask for a shorter one.`);
      return { caller, expiresAtMs: payload.exp! * 1000 };
    } catch (error) {
      if (error instanceof DomainError) throw error;
      if (error instanceof errors.JWTExpired) throw unauthorized('The token has expired.');
      if (error instanceof errors.JOSEError && !(error instanceof errors.JWKSTimeout))
        throw unauthorized('The token is not valid.');
      // The provider's keys could not be fetched: the token may be fine, so not a 401.
      throw new DomainError('service_unavailable', 'The identity provider does not answer; try again.');
    }
  }

  private async verifySignature(token: string): Promise<{ payload: JWTPayload; claims: ClaimNames }> {
    const { oidc } = this.settings;
    if (algorithmOf(token) === 'HS256' || !oidc || !this.providerKeys) {
      if (this.settings.hs256 === false) throw unauthorized('Tokens signed by the platform are off here.');
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'sub'],
        ...(this.settings.issuer ? { issuer: this.settings.issuer } : {}),
        ...(this.settings.audience ? { audience: this.settings.audience } : {}),
      });
      return { payload, claims: OWN_CLAIMS };
    }
    const keys: JWTVerifyGetKey = await this.providerKeys.keySet();
    const { payload } = await jwtVerify(token, keys, {
      algorithms: PROVIDER_ALGORITHMS,
      requiredClaims: ['exp'],
      issuer: oidc.issuer,
      audience: oidc.audience,
    });
    return { payload, claims: oidc.claims };
  }
}
