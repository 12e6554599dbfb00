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

/** The one request a token is minted for: its method and its path with the query, as sent. */
export interface BoundRequest {
  method: string;
  path: string;
}

/**
 * Short-lived HS256 tokens the gateway signs for each request it forwards, with the service as
 * audience and the request's method and path as claims (`htm`, `htu`, as DPoP names them): a
 * service never takes a caller from a header anyone could send, and a token captured on one
 * route opens no other.
 */
export class InternalTokens {
  private readonly key: KeyObject;

  constructor(secret: string) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  sign(audience: string, claims: InternalClaims, request: BoundRequest): Promise<string> {
    const token = new SignJWT({
      rid: claims.requestId,
      htm: request.method,
      htu: request.path,
      ...(claims.caller ? { role: claims.caller.role } : {}),
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(`${LIFETIME_SECONDS}s`);
    return (claims.caller ? token.setSubject(claims.caller.userId) : token).sign(this.key);
  }

  /** The claims of a token minted for `audience` and this request, or 401 `unauthorized`. */
  async verify(
    authorization: string | undefined,
    audience: string,
    request: BoundRequest,
  ): Promise<InternalClaims> {
    const token = /^Bearer ([\w-]+\.[\w-]+\.[\w-]+)$/.exec(authorization ?? '')?.[1];
    if (!token) throw refused();
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience,
      });
      if (payload['htm'] !== request.method || payload['htu'] !== request.path) throw refused();
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
