import { SignJWT } from 'jose';
import { DomainError } from '@booking/contracts';
import { InternalTokens } from './internal-token';

const tokens = new InternalTokens('internal-secret-for-this-test-only');
const caller = { userId: 'customer-1', role: 'customer' as const };

async function codeOf(verifying: Promise<unknown>): Promise<string> {
  try {
    await verifying;
    return 'verified';
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
}

describe('InternalTokens', () => {
  it('carries the caller and the request id to the service it was minted for', async () => {
    const token = await tokens.sign('booking', { caller, requestId: 'req-1' });
    expect(await tokens.verify(`Bearer ${token}`, 'booking')).toEqual({ caller, requestId: 'req-1' });
  });

  it('names no caller when the gateway forwarded without one (the webhook)', async () => {
    const token = await tokens.sign('payment', { requestId: 'req-2' });
    expect(await tokens.verify(`Bearer ${token}`, 'payment')).toEqual({ requestId: 'req-2' });
  });

  it.each([
    ['no token', undefined],
    ['a token for another service', 'payment'],
    ['a token signed with another key', 'other-key'],
    ['an expired token', 'expired'],
  ])('refuses %s with 401 unauthorized', async (_what, variant) => {
    let authorization: string | undefined;
    if (variant === 'payment')
      authorization = `Bearer ${await tokens.sign('payment', { caller, requestId: 'r' })}`;
    if (variant === 'other-key')
      authorization = `Bearer ${await new InternalTokens('another-secret-of-sixteen').sign('booking', { caller, requestId: 'r' })}`;
    if (variant === 'expired') {
      const expired = await new SignJWT({ role: 'admin' })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('api-gateway')
        .setAudience('booking')
        .setSubject('admin-1')
        .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
        .sign(Buffer.from('internal-secret-for-this-test-only'));
      authorization = `Bearer ${expired}`;
    }
    expect(await codeOf(tokens.verify(authorization, 'booking'))).toBe('unauthorized');
  });
});
