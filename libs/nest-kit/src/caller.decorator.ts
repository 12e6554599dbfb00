import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { DomainError, type Caller } from '@booking/contracts';
import type { RequestWithCaller } from './internal-caller.guard';

/** The caller named by the gateway's token (InternalCallerGuard), never by a header. */
export function callerOf(request: RequestWithCaller): Caller {
  if (!request.caller)
    throw new DomainError('unauthorized', 'No caller: this service is reached through the gateway.');
  return request.caller;
}

export const CurrentCaller = createParamDecorator((_data: unknown, context: ExecutionContext): Caller =>
  callerOf(context.switchToHttp().getRequest<RequestWithCaller>()),
);
