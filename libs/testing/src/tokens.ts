import { SignJWT } from 'jose';
import type { Role } from '@booking/contracts';

export const TEST_JWT_SECRET = 'test-secret-at-least-16-characters';
/** What the test platform's gateway signs its tokens to the services with. */
export const TEST_INTERNAL_JWT_SECRET = 'test-internal-secret-of-the-gateway';

/** A bearer token as a client would send it. */
export async function bearer(
  sub: string,
  role: Role,
  { secret = TEST_JWT_SECRET, expiresIn = '1h' }: { secret?: string; expiresIn?: string | number } = {},
): Promise<string> {
  const token = await new SignJWT({ role })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode(secret));
  return `Bearer ${token}`;
}
