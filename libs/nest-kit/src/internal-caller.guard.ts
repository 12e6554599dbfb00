import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import type { Caller, Role } from '@booking/contracts';
import { InternalTokens } from './internal-token';
import { PUBLIC_ROUTE } from './public.decorator';
import { assertRole, REQUIRED_ROLES } from './roles.decorator';
import { SERVICE_NAME } from './tokens';

export type RequestWithCaller = FastifyRequest & { caller?: Caller };

/**
 * Every route of a service but health and metrics (@Public) needs the gateway's token for this
 * service and request; the caller it names is the only one `@CurrentCaller()` gives, and a route's
 * `@Roles` holds here as at the gateway.
 */
@Injectable()
export class InternalCallerGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: InternalTokens,
    @Inject(SERVICE_NAME) private readonly service: string,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    // Event handlers have no caller: a topic's events are checked to come from its owning service.
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) return true;
    const request = context.switchToHttp().getRequest<RequestWithCaller>();
    const claims = await this.tokens.verify(request.headers.authorization, this.service, {
      method: request.method,
      path: request.url,
    });
    if (claims.caller) request.caller = claims.caller;
    // The gateway checked the role too; a service does not take it on trust.
    assertRole(claims.caller, this.reflector.getAllAndOverride<Role[] | undefined>(REQUIRED_ROLES, targets));
    return true;
  }
}
