import { SignJWT } from 'jose';
import { DomainError } from '@booking/contracts';
import { InternalTokens } from './internal-token';

const tokens = new InternalTokens('internal-secret-for-this-test-only');
const caller = { userId: 'customer-1', role: 'customer' as const };
const LIST = { method: 'GET', path: '/bookings?limit=10' };

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
    const token = await tokens.sign('booking', { caller, requestId: 'req-1' }, LIST);
    expect(await tokens.verify(`Bearer ${token}`, 'booking', LIST)).toEqual({ caller, requestId: 'req-1' });
  });

  it('names no caller when the gateway forwarded without one (the webhook)', async () => {
    const token = await tokens.sign('payment', { requestId: 'req-2' }, LIST);
    expect(await tokens.verify(`Bearer ${token}`, 'payment', LIST)).toEqual({ requestId: 'req-2' });
  });

  it.each([
    ['no token', undefined],
    ['a token for another service', 'payment'],
    ['a token signed with another key', 'other-key'],
    ['an expired token', 'expired'],
  ])('refuses %s with 401 unauthorized', async (_what, variant) => {
    let authorization: string | undefined;
    if (variant === 'payment')
      authorization = `Bearer ${await tokens.sign('payment', { caller, requestId: 'r' }, LIST)}`;
    if (variant === 'other-key')
      authorization = `Bearer ${await new InternalTokens('another-secret-of-sixteen').sign('booking', { caller, requestId: 'r' }, LIST)}`;
    if (variant === 'expired') {
      // Right in every claim but its expiry.
      const expired = await new SignJWT({ role: 'admin', rid: 'r', htm: LIST.method, htu: LIST.path })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('api-gateway')
        .setAudience('booking')
        .setSubject('admin-1')
        .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
        .sign(Buffer.from('internal-secret-for-this-test-only'));
      authorization = `Bearer ${expired}`;
    }
    expect(await codeOf(tokens.verify(authorization, 'booking', LIST))).toBe('unauthorized');
  });

  it('opens only the request it was minted for: not another method, path or query', async () => {
    const token = `Bearer ${await tokens.sign('booking', { caller, requestId: 'r' }, LIST)}`;
    expect(await codeOf(tokens.verify(token, 'booking', LIST))).toBe('verified');
    for (const other of [
      { method: 'POST', path: '/bookings?limit=10' },
      { method: 'GET', path: '/resources' },
      { method: 'GET', path: '/bookings?limit=200' },
    ])
      expect([other, await codeOf(tokens.verify(token, 'booking', other))]).toEqual([other, 'unauthorized']);
  });
});
