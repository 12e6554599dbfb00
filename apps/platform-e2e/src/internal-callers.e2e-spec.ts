import { InternalTokens } from '@booking/nest-kit';
import { expectEventually, TEST_INTERNAL_JWT_SECRET } from '@booking/testing';
import { CAR, platformForSuite, readJson } from './fixtures';
import type { RunningPlatform } from './platform';

const LIST_BOOKINGS = { method: 'GET', path: '/bookings' };

/** What anyone who reaches a service's port directly (not through the gateway) can do: nothing. */
describe('only the gateway may speak for a caller', () => {
  const suite = platformForSuite('2026-12-01T00:00:00Z');
  let platform: RunningPlatform;
  beforeAll(() => {
    platform = suite.platform;
  });

  const direct = (service: 'booking' | 'notification', path: string, init: RequestInit = {}) =>
    fetch(`${platform.serviceUrls[service]}${path}`, init);
  const admin = { userId: 'admin-1', role: 'admin' as const };

  it.each([
    ['the bookings, with contact details', 'booking', 'GET', '/bookings'],
    ['a new resource', 'booking', 'POST', '/resources'],
    ['a standing reset', 'booking', 'POST', '/customers/c1/standing/reset'],
    [
      'a booking’s notifications',
      'notification',
      'GET',
      '/bookings/00000000-0000-4000-8000-000000000000/notifications',
    ],
  ] as const)('refuses %s to headers that name a caller, 401', async (_what, service, method, path) => {
    const response = await direct(service, path, {
      method,
      headers: { 'x-caller-id': 'x', 'x-caller-role': 'admin', 'content-type': 'application/json' },
      ...(method === 'POST' ? { body: JSON.stringify(CAR) } : {}),
    });
    expect([response.status, (await readJson(response))['code']]).toEqual([401, 'unauthorized']);
  });

  it('refuses a token signed with another key, or minted for another service', async () => {
    const forged = await new InternalTokens('not-the-platform-internal-key').sign(
      'booking',
      { caller: admin, requestId: 'r1' },
      LIST_BOOKINGS,
    );
    const forPayment = await new InternalTokens(TEST_INTERNAL_JWT_SECRET).sign(
      'payment',
      { caller: admin, requestId: 'r2' },
      LIST_BOOKINGS,
    );
    for (const token of [forged, forPayment]) {
      const response = await direct('booking', '/bookings', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(401);
    }
  });

  it('answers the gateway’s own token, and health and metrics without one', async () => {
    const token = await new InternalTokens(TEST_INTERNAL_JWT_SECRET).sign(
      'booking',
      { caller: admin, requestId: 'r3' },
      LIST_BOOKINGS,
    );
    const listed = await direct('booking', '/bookings', { headers: { authorization: `Bearer ${token}` } });
    expect(listed.status).toBe(200);
    // The same token opens no other route of the service: a captured one is worth one request's kind.
    const elsewhere = await direct('booking', '/resources', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(elsewhere.status).toBe(401);
    expect((await direct('booking', '/health/live')).status).toBe(200);
    expect((await direct('booking', '/metrics')).status).toBe(200);
  });

  it('holds a route’s roles itself: a valid token naming a customer may not make a resource or check in', async () => {
    const customer = { userId: 'customer-1', role: 'customer' as const };
    const asCustomer = async (method: string, path: string, body?: unknown) => {
      const token = await new InternalTokens(TEST_INTERNAL_JWT_SECRET).sign(
        'booking',
        { caller: customer, requestId: 'roles' },
        { method, path },
      );
      const response = await direct('booking', path, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return [response.status, (await readJson(response))['code']];
    };
    const booking = '/bookings/00000000-0000-4000-8000-000000000000';
    expect(await asCustomer('POST', '/resources', CAR)).toEqual([403, 'forbidden']);
    expect(await asCustomer('PATCH', '/resources/00000000-0000-4000-8000-000000000000', {})).toEqual([
      403,
      'forbidden',
    ]);
    for (const action of ['check-in', 'complete', 'no-show'])
      expect(await asCustomer('POST', `${booking}/${action}`, {})).toEqual([403, 'forbidden']);
  });

  it('reports in readiness that it has joined its consumer group', async () => {
    await expectEventually(async () => {
      const response = await direct('booking', '/health/ready');
      expect([response.status, await readJson(response)]).toEqual([
        200,
        { status: 'ready', checks: expect.objectContaining({ database: 'up', events: 'up' }) },
      ]);
    });
  });

  it('lists bookings through the gateway as before', async () => {
    const response = await suite.admin.send('GET', '/v1/bookings');
    expect(response.status).toBe(200);
  });
});
