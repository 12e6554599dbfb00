import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import type { Caller, Role } from '@booking/contracts';
import { assertRole, PUBLIC_ROUTE, REQUIRED_ROLES } from '@booking/nest-kit';
import { JwtVerifier } from './jwt-verifier';

export type AuthenticatedRequest = FastifyRequest & { caller: Caller };

/** Every route needs a valid token unless marked @Public(); @Roles narrows who may call. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly verifier: JwtVerifier,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    // Verified before the body was read when there is one (authenticateBeforeBody).
    request.caller ??= await this.verifier.verify(request.headers.authorization);
    assertRole(request.caller, this.reflector.getAllAndOverride<Role[] | undefined>(REQUIRED_ROLES, targets));
    return true;
  }
}
