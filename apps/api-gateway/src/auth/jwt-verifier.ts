import { createSecretKey, type KeyObject } from 'node:crypto';
import { errors, jwtVerify } from 'jose';
import { DomainError, ROLES, type Caller, type Role } from '@booking/contracts';

export interface JwtSettings {
  secret: string;
  issuer?: string;
  audience?: string;
}

function unauthorized(detail: string): DomainError {
  return new DomainError('unauthorized', detail);
}

/** How many verified tokens are remembered; the oldest is forgotten first. */
const REMEMBERED_TOKENS = 10_000;

/**
 * HS256 bearer tokens: `sub` is the user, `role` one of customer | host | admin, `exp` required.
 * A token that verified once is remembered until its `exp`, so a client's every request after the
 * first skips the signature check (a front end sends the same token for its whole session).
 */
export class JwtVerifier {
  // A KeyObject made once: jose would otherwise import the raw secret on every verification.
  private readonly key: KeyObject;
  private readonly verified = new Map<string, { caller: Caller; expiresAtMs: number }>();

  constructor(private readonly settings: JwtSettings) {
    this.key = createSecretKey(Buffer.from(settings.secret, 'utf8'));
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
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'sub'],
        ...(this.settings.issuer ? { issuer: this.settings.issuer } : {}),
        ...(this.settings.audience ? { audience: this.settings.audience } : {}),
      });
      const role = payload['role'];
      if (typeof payload.sub !== 'string' || payload.sub === '' || !ROLES.includes(role as Role)) {
        throw unauthorized('The token names no user or no known role.');
      }
      return { caller: { userId: payload.sub, role: role as Role }, expiresAtMs: payload.exp! * 1000 };
    } catch (error) {
      if (error instanceof DomainError) throw error;
      if (error instanceof errors.JWTExpired) throw unauthorized('The token has expired.');
      throw unauthorized('The token is not valid.');
    }
  }
}
