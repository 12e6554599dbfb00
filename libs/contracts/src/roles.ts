export const ROLES = ['customer', 'host', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Who is calling, as the gateway established it from the token. */
export interface Caller {
  userId: string;
  role: Role;
}
