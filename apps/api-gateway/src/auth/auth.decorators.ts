import { SetMetadata } from '@nestjs/common';
import type { Role } from '@booking/contracts';

export const REQUIRED_ROLES = 'booking:roles';

/** Only these roles may call; the others get 403. */
export const Roles = (...roles: Role[]) => SetMetadata(REQUIRED_ROLES, roles);
