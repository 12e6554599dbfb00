import { createSecretKey, type KeyObject } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { DomainError, ROLES, type Caller, type Role } from '@booking/contracts';

/** Who may mint them: only the gateway speaks for a caller. */
const ISSUER = 'api-gateway';
const LIFETIME_SECONDS = 60;

export interface InternalClaims {
  /** Absent on what the gateway passes on without a caller (the signed webhook, checkout). */
  caller?: Caller;
  requestId: string;
}

/**
 * Short-lived HS256 tokens the gateway signs for each request it forwards, with the service as
 * audience: a service never takes a caller from a header anyone could send.
 */
export class InternalTokens {
  private readonly key: KeyObject;

  constructor(secret: string) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  sign(audience: string, claims: InternalClaims): Promise<string> {
    const token = new SignJWT({
      rid: claims.requestId,
      ...(claims.caller ? { role: claims.caller.role } : {}),
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(`${LIFETIME_SECONDS}s`);
    return (claims.caller ? token.setSubject(claims.caller.userId) : token).sign(this.key);
  }

  /** The claims of a token minted for `audience`, or 401 `unauthorized`. */
  async verify(authorization: string | undefined, audience: string): Promise<InternalClaims> {
    const token = /^Bearer ([\w-]+\.[\w-]+\.[\w-]+)$/.exec(authorization ?? '')?.[1];
    if (!token) throw refused();
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience,
      });
      const role = payload['role'];
      const caller =
        typeof payload.sub === 'string' && ROLES.includes(role as Role)
          ? { userId: payload.sub, role: role as Role }
          : undefined;
      return {
        ...(caller ? { caller } : {}),
        requestId: typeof payload['rid'] === 'string' ? payload['rid'] : '',
      };
    } catch {
      throw refused();
    }
  }
}

function refused(): DomainError {
  return new DomainError('unauthorized', 'This service is reached through the gateway only.');
}
