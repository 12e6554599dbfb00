import { Client, hoursFromNow, readJson, type Json } from './fixtures';
import { startPlatform, type RunningPlatform } from './platform';

const LIMIT = 4;

describe('a hold’s paymentUrl opens a checkout only for a live hold, for its deposit, a few times per client', () => {
  let platform: RunningPlatform;
  let customer: Client;
  let car: Json;
  let nextSlot = 0;
  let nextClient = 1;
  beforeAll(async () => {
    platform = await startPlatform({
      now: '2026-07-01T00:00:00Z',
      // The test is the proxy: each case names its own client address.
      env: { CHECKOUT_RATE_LIMIT: String(LIMIT), TRUST_PROXY: '127.0.0.1', HOLD_RATE_LIMIT: '100' },
    });
    const admin = await Client.as(platform, 'admin');
    car = await admin.createResource({ depositAmount: 1_500_000 });
    customer = await Client.as(platform, 'customer');
  });
  afterAll(async () => {
    await platform.stop();
  });

  async function hold(): Promise<Json> {
    const slot = nextSlot++;
    return customer.holdOk({
      resourceId: car['resourceId'],
      start: hoursFromNow(platform, 50 + slot * 3),
      end: hoursFromNow(platform, 51 + slot * 3),
    });
  }
  /** Follows a link from one client address, as the customer's browser would. */
  const follow = (link: string, from: string) => {
    const url = new URL(link);
    return fetch(`${platform.gatewayUrl}${url.pathname}${url.search}`, {
      redirect: 'manual',
      headers: { 'x-forwarded-for': from },
    });
  };
  const newClientAddress = () => `203.0.113.${nextClient++}`;

  it('sends the customer to a checkout of the booking’s own deposit', async () => {
    const booking = await hold();
    const redirect = await follow(booking['paymentUrl'] as string, newClientAddress());
    expect(redirect.status).toBe(303);
    const page = await (await fetch(redirect.headers.get('location')!)).text();
    expect(page).toContain('Pay 1,500,000 VND');
  });

  it('refuses a link whose signature is forged, or another booking’s, with 401 and opens nothing', async () => {
    const [mine, other] = [await hold(), await hold()];
    const from = newClientAddress();
    const sessionsBefore = platform.sandbox.ledger.sessionCount();
    const signature = new URL(other['paymentUrl'] as string).searchParams.get('signature')!;
    const borrowed = new URL(mine['paymentUrl'] as string);
    borrowed.searchParams.set('signature', signature);
    const forged = new URL(mine['paymentUrl'] as string);
    forged.searchParams.set('signature', `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`);
    for (const link of [borrowed, forged]) {
      const refused = await follow(link.toString(), from);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('content-type')).toContain('application/problem+json');
      expect((await readJson(refused))['code']).toBe('unauthorized');
    }
    const unsigned = new URL(mine['paymentUrl'] as string);
    unsigned.search = '?amount=1&currency=VND';
    const bare = await follow(unsigned.toString(), from);
    expect([bare.status, (await readJson(bare))['code']]).toEqual([400, 'validation_failed']);
    expect(platform.sandbox.ledger.sessionCount()).toBe(sessionsBefore);
  });

  it('refuses a cancelled hold and an expired one with 409 invalid_transition', async () => {
    const cancelled = await hold();
    await customer.send('POST', `/v1/bookings/${cancelled['bookingId'] as string}/cancel`, {});
    const expired = await hold();
    const from = newClientAddress();
    const first = await follow(cancelled['paymentUrl'] as string, from);
    expect([first.status, await readJson(first)]).toEqual([
      409,
      expect.objectContaining({ code: 'invalid_transition', currentStatus: 'CANCELLED' }),
    ]);
    platform.clock.advance(15 * 60_000);
    const late = await follow(expired['paymentUrl'] as string, from);
    expect([late.status, await readJson(late)]).toEqual([
      409,
      expect.objectContaining({ code: 'invalid_transition', currentStatus: 'EXPIRED' }),
    ]);
  });

  it(`counts checkouts per client address: past ${LIMIT} in a window, 429 with Retry-After`, async () => {
    const booking = await hold();
    const from = newClientAddress();
    for (let attempt = 0; attempt < LIMIT; attempt++)
      expect((await follow(booking['paymentUrl'] as string, from)).status).toBe(303);
    const limited = await follow(booking['paymentUrl'] as string, from);
    expect(limited.status).toBe(429);
    expect((await readJson(limited))['code']).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client is counted on its own.
    expect((await follow(booking['paymentUrl'] as string, newClientAddress())).status).toBe(303);
  });
});
