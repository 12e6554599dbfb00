import { ROLES, type Caller, type Role } from '@booking/contracts';

/** Which claims of a provider's access token name the caller: `sub` and `role` unless configured. */
export interface ClaimNames {
  /** The user id's claim. */
  user: string;
  /** The role's claim, a dotted path for nested ones (Keycloak: `realm_access.roles`). */
  role: string;
}

// Most privileged first: a token whose role claim lists several known roles acts as the highest.
const BY_PRIVILEGE: readonly Role[] = ['admin', 'host', 'customer'];

function at(payload: Record<string, unknown>, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (value, key) =>
        value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined,
      payload,
    );
}

/** The caller a verified token names, or undefined when it names no user or no known role. */
export function callerFromClaims(payload: Record<string, unknown>, names: ClaimNames): Caller | undefined {
  const userId = at(payload, names.user);
  const claimed = at(payload, names.role);
  const roles = (Array.isArray(claimed) ? claimed : [claimed]).filter((role): role is Role =>
    ROLES.includes(role as Role),
  );
  const role = BY_PRIVILEGE.find((candidate) => roles.includes(candidate));
  if (typeof userId !== 'string' || userId === '' || !role) return undefined;
  return { userId, role };
}
