import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Caller } from '@booking/contracts';
import type { AuthenticatedRequest } from './auth.guard';

export const CurrentCaller = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Caller =>
    context.switchToHttp().getRequest<AuthenticatedRequest>().caller,
);
