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

/** HS256 bearer tokens: `sub` is the user, `role` one of customer | host | admin, `exp` required. */
export class JwtVerifier {
  // A KeyObject made once: jose would otherwise import the raw secret on every verification.
  private readonly key: KeyObject;

  constructor(private readonly settings: JwtSettings) {
    this.key = createSecretKey(Buffer.from(settings.secret, 'utf8'));
  }

  async verify(authorization: string | undefined): Promise<Caller> {
    const match = /^Bearer ([\w-]+\.[\w-]+\.[\w-]+)$/.exec(authorization ?? '');
    if (!match) throw unauthorized('Send a bearer token: Authorization: Bearer <JWT>.');
    try {
      const { payload } = await jwtVerify(match[1]!, this.key, {
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'sub'],
        ...(this.settings.issuer ? { issuer: this.settings.issuer } : {}),
        ...(this.settings.audience ? { audience: this.settings.audience } : {}),
      });
      const role = payload['role'];
      if (typeof payload.sub !== 'string' || payload.sub === '' || !ROLES.includes(role as Role)) {
        throw unauthorized('The token names no user or no known role.');
      }
      return { userId: payload.sub, role: role as Role };
    } catch (error) {
      if (error instanceof DomainError) throw error;
      if (error instanceof errors.JWTExpired) throw unauthorized('The token has expired.');
      throw unauthorized('The token is not valid.');
    }
  }
}
