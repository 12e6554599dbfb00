import { SetMetadata } from '@nestjs/common';
import { DomainError, type Caller, type Role } from '@booking/contracts';

export const REQUIRED_ROLES = 'booking:roles';

/** Only these roles may call; the others get 403. Declared on the gateway's route and the service's alike. */
export const Roles = (...roles: Role[]) => SetMetadata(REQUIRED_ROLES, roles);

/** 403 unless the caller has one of the roles a route requires (none required: anyone). */
export function assertRole(caller: Caller | undefined, roles: readonly Role[] | undefined): void {
  if (roles && (!caller || !roles.includes(caller.role)))
    throw new DomainError('forbidden', `This needs the role ${roles.join(' or ')}.`);
}
