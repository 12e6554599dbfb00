import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { CALLER_HEADERS, DomainError, ROLES, type Caller, type Role } from '@booking/contracts';

/** The caller the gateway verified, from its headers; services are reachable from the gateway only. */
export function callerOf(request: FastifyRequest): Caller {
  const userId = request.headers[CALLER_HEADERS.id];
  const role = request.headers[CALLER_HEADERS.role];
  if (typeof userId !== 'string' || userId === '' || !ROLES.includes(role as Role)) {
    throw new DomainError('unauthorized', 'No caller: this service is reached through the gateway.');
  }
  return { userId, role: role as Role };
}

export const CurrentCaller = createParamDecorator((_data: unknown, context: ExecutionContext): Caller =>
  callerOf(context.switchToHttp().getRequest<FastifyRequest>()),
);
