import { expectEventually } from '@booking/testing';
import { Client, hoursFromNow, readJson, type Json } from './fixtures';
import { startPlatform, type RunningPlatform } from './platform';

const HOUR = 3_600_000;

describe("customers' standing through the gateway: no-shows warn, restrict, then freeze", () => {
  let platform: RunningPlatform;
  let admin: Client;
  let host: Client;
  let car: Json;
  beforeAll(async () => {
    // Enough holds per window for one customer to go through every level in one test.
    platform = await startPlatform({ now: '2026-03-02T08:00:00Z', env: { HOLD_RATE_LIMIT: '100' } });
    admin = await Client.as(platform, 'admin');
    host = await Client.as(platform, 'host');
    car = await admin.createResource({ ownerId: host.userId, depositAmount: 0 });
  });
  afterAll(async () => {
    await platform.stop();
  });

  const standingOf = async (client: Client, customerId: string) => {
    const response = await client.send('GET', `/v1/customers/${customerId}/standing`);
    expect(response.status).toBe(200);
    return readJson(response);
  };
  const holdIn = (client: Client, hours: number) =>
    client.hold({
      resourceId: car['resourceId'],
      start: hoursFromNow(platform, hours),
      end: hoursFromNow(platform, hours + 1),
    });

  it('counts an automatic no-show, a late cancel and a host no-show, and an admin lifts it', async () => {
    const customer = await Client.as(platform, 'customer');
    const me = customer.userId;
    expect(await standingOf(customer, me)).toEqual({
      customerId: me,
      noShows: 0,
      level: 'good',
      restrictedUntil: null,
    });

    // 1: not checked in 30 minutes after the start.
    const missed = await readJson(await holdIn(customer, 2));
    expect(missed['warnings']).toEqual([]);
    platform.clock.advance(2.5 * HOUR + 1_000); // past the 30 minutes: the job marks it
    await expectEventually(async () => expect((await standingOf(customer, me))['noShows']).toBe(1));
    expect((await standingOf(customer, me))['level']).toBe('warned');
    const warned = await holdIn(customer, 3);
    expect(warned.status).toBe(201);
    const warnedBooking = await readJson(warned);
    expect(warnedBooking['warnings']).toEqual([
      { code: 'no_show_warning', detail: expect.stringContaining('1 no-show') },
    ]);
    const shown = await readJson(
      await customer.send('GET', `/v1/bookings/${warnedBooking['bookingId'] as string}`),
    );
    expect(shown['warnings']).toHaveLength(1);
    const listed = await readJson(await customer.send('GET', '/v1/bookings'));
    expect((listed['data'] as Json[]).map((booking) => booking['warnings'])).toEqual(
      (listed['data'] as Json[]).map(() => [expect.objectContaining({ code: 'no_show_warning' })]),
    );
    // The host sees the booking without the customer's standing on it.
    const asHost = await readJson(
      await host.send('GET', `/v1/bookings/${warnedBooking['bookingId'] as string}`),
    );
    expect(asHost['warnings']).toEqual([]);

    // 2: the customer cancels 1 h before the start.
    platform.clock.advance(2 * HOUR);
    const cancelled = await customer.send(
      'POST',
      `/v1/bookings/${warnedBooking['bookingId'] as string}/cancel`,
      {},
    );
    expect(cancelled.status).toBe(200);
    const restrictedAt = platform.clock.now();
    expect(await standingOf(customer, me)).toEqual({
      customerId: me,
      noShows: 2,
      level: 'restricted',
      restrictedUntil: new Date(restrictedAt.getTime() + 30 * 24 * HOUR).toISOString().replace('.000Z', 'Z'),
    });
    const before = await platform
      .database('booking')
      .query('SELECT count(*)::int AS n FROM booking WHERE customer_id = $1', [me]);
    const tooSoon = await holdIn(customer, 23);
    expect(tooSoon.status).toBe(403);
    expect(tooSoon.headers.get('content-type')).toContain('application/problem+json');
    expect(await readJson(tooSoon)).toMatchObject({ code: 'customer_restricted', status: 403 });
    const after = await platform
      .database('booking')
      .query('SELECT count(*)::int AS n FROM booking WHERE customer_id = $1', [me]);
    expect(after.rows[0].n).toBe(before.rows[0].n);
    const farEnough = await holdIn(customer, 25);
    expect(farEnough.status).toBe(201);

    // Moving a booking books a new start too.
    const third = await readJson(farEnough);
    const moved = await customer.send('POST', `/v1/bookings/${third['bookingId'] as string}/reschedule`, {
      start: hoursFromNow(platform, 23),
      end: hoursFromNow(platform, 24),
    });
    expect(moved.status).toBe(403);
    expect((await readJson(moved))['code']).toBe('customer_restricted');

    // 3: the host marks a no-show, which opens only once the customer is noShowAfterMinutes late:
    // marked days early, it would strike a customer who may still come.
    const noShow = `/v1/bookings/${third['bookingId'] as string}/no-show`;
    const early = await host.send('POST', noShow);
    expect([early.status, (await readJson(early))['code']]).toEqual([409, 'invalid_transition']);
    expect((await standingOf(customer, me))['noShows']).toBe(2);
    // At that very instant only the host may call it: the job takes it once it has passed.
    platform.clock.set(new Date(Date.parse(third['start'] as string) + 30 * 60_000));
    expect((await host.send('POST', noShow)).status).toBe(200);
    expect(await standingOf(customer, me)).toMatchObject({
      noShows: 3,
      level: 'frozen',
      restrictedUntil: null,
    });
    expect((await holdIn(customer, 24 * 20)).status).toBe(403);
    const series = await customer.hold({
      resourceId: car['resourceId'],
      start: '2026-04-01T10:00:00',
      end: '2026-04-01T11:00:00',
      timeZone: 'Asia/Ho_Chi_Minh',
      rrule: 'FREQ=WEEKLY;COUNT=3',
    });
    expect(series.status).toBe(403);
    expect((await readJson(series))['code']).toBe('customer_restricted');

    // Only an admin resets; then booking works again.
    expect((await customer.send('POST', `/v1/customers/${me}/standing/reset`)).status).toBe(403);
    const reset = await admin.send('POST', `/v1/customers/${me}/standing/reset`);
    expect(reset.status).toBe(200);
    expect(await readJson(reset)).toEqual({
      customerId: me,
      noShows: 0,
      level: 'good',
      restrictedUntil: null,
    });
    expect((await holdIn(customer, 30)).status).toBe(201);
  });

  it('shows a standing to the customer themself and admins; another customer gets 404, a host 403', async () => {
    const customer = await Client.as(platform, 'customer');
    const other = await Client.as(platform, 'customer');
    expect((await standingOf(admin, customer.userId))['level']).toBe('good');
    const foreign = await other.send('GET', `/v1/customers/${customer.userId}/standing`);
    expect(foreign.status).toBe(404);
    expect((await readJson(foreign))['code']).toBe('not_found');
    expect((await host.send('GET', `/v1/customers/${customer.userId}/standing`)).status).toBe(403);
  });

  it('does not count a cancel made 2 h or more before the start, nor a host’s cancel', async () => {
    const customer = await Client.as(platform, 'customer');
    const early = await readJson(await holdIn(customer, 2.5));
    expect(
      (await customer.send('POST', `/v1/bookings/${early['bookingId'] as string}/cancel`, {})).status,
    ).toBe(200);
    const byHost = await readJson(await holdIn(customer, 5));
    platform.clock.advance(4.5 * HOUR);
    expect((await host.send('POST', `/v1/bookings/${byHost['bookingId'] as string}/cancel`, {})).status).toBe(
      200,
    );
    expect((await standingOf(customer, customer.userId))['noShows']).toBe(0);
  });
});
