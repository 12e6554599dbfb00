import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { DomainError, type Caller, type Role } from '@booking/contracts';
import { PUBLIC_ROUTE } from '@booking/nest-kit';
import { REQUIRED_ROLES } from './auth.decorators';
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
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(REQUIRED_ROLES, targets);
    if (roles && !roles.includes(request.caller.role)) {
      throw new DomainError('forbidden', `This needs the role ${roles.join(' or ')}.`);
    }
    return true;
  }
}
