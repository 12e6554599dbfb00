import { ExpireHoldsJob, MarkNoShowsJob } from '@booking/app-booking';
import { expectEventually, uniqueName, type TopicCollector } from '@booking/testing';
import {
  Client,
  hoursFromNow,
  paidBooking,
  platformForSuite,
  publishPayment,
  readJson,
  type Json,
} from './fixtures';
import type { RunningPlatform } from './platform';

describe('a booking’s life through the gateway', () => {
  const suite = platformForSuite('2026-01-05T00:00:00Z');
  let platform: RunningPlatform;
  let admin: Client;
  let events: TopicCollector;
  beforeAll(() => {
    ({ platform, admin, events } = suite);
  });

  const customer = () => Client.as(platform, 'customer');
  const eventsOf = (bookingId: string) => events.distinct().filter((event) => event.subject === bookingId);

  it('releases the period at once on cancel: the same period can be held right after', async () => {
    const car = await admin.createResource();
    const first = await customer();
    const body = { resourceId: car['resourceId'], start: '2026-02-01T10:00:00', end: '2026-02-02T10:00:00' };
    const booking = await first.holdOk(body);
    const cancelled = await first.send('POST', `/v1/bookings/${booking['bookingId'] as string}/cancel`, {
      reason: 'plans changed',
    });
    expect(cancelled.status).toBe(200);
    expect(await readJson(cancelled)).toMatchObject({
      status: 'CANCELLED',
      refundAmount: 0,
      refundPercent: 0,
      refund: null,
    });
    expect((await (await customer()).hold(body)).status).toBe(201);
    const again = await first.send('POST', `/v1/bookings/${booking['bookingId'] as string}/cancel`, {});
    expect(again.status).toBe(409);
    expect((await readJson(again))['code']).toBe('invalid_transition');
  });

  it('expires an unpaid hold after holdExpiresAt and its payment grace by the server clock, frees it, and publishes booking.expired once', async () => {
    const car = await admin.createResource();
    const client = await customer();
    const body = { resourceId: car['resourceId'], start: '2026-02-03T10:00:00', end: '2026-02-03T12:00:00' };
    const booking = await client.holdOk(body);
    const id = booking['bookingId'] as string;
    const expiryTakes = platform.expiryJobTakes(booking['holdExpiresAt'] as string);
    expect(expiryTakes.getTime()).toBeGreaterThan(Date.parse(booking['holdExpiresAt'] as string));
    // Past holdExpiresAt but inside the grace a payment in flight may still use.
    platform.clock.set(new Date(expiryTakes.getTime() - 1_000));
    await platform.runJob('booking', ExpireHoldsJob);
    expect((await readJson(await client.send('GET', `/v1/bookings/${id}`)))['status']).toBe('HOLD');
    platform.clock.set(expiryTakes);
    await expectEventually(async () =>
      expect((await readJson(await client.send('GET', `/v1/bookings/${id}`)))['status']).toBe('EXPIRED'),
    );
    expect((await (await customer()).hold(body)).status).toBe(201);
    await expectEventually(() =>
      expect(eventsOf(id).map((event) => event.type)).toEqual(['booking.held', 'booking.expired']),
    );
    // Published once: another pass of the job, and the outbox still holds one expiry.
    await platform.runJob('booking', ExpireHoldsJob);
    expect(await platform.outboxTypes('booking', id)).toEqual(['booking.held', 'booking.expired']);
  });

  it('confirms a hold when its deposit is paid, and refunds by the tiers on the server clock', async () => {
    const car = await admin.createResource();
    const client = await customer();
    const cases: [number, number, number][] = [
      [72, 100, 2_000_000],
      [30, 50, 1_000_000],
      [2, 0, 0],
    ];
    for (const [hours, percent, amount] of cases) {
      const booking = await paidBooking(platform, client, car['resourceId'] as string, hours + 100);
      // Move the clock, not the booking: the tier is measured by the server.
      platform.clock.advance(100 * 3_600_000);
      const response = await client.send('POST', `/v1/bookings/${booking['bookingId'] as string}/cancel`, {});
      expect(response.status).toBe(200);
      expect(await readJson(response)).toMatchObject({
        status: 'CANCELLED',
        refundPercent: percent,
        refundAmount: amount,
      });
      const cancelledEvent = await expectEventually(() => {
        const found = eventsOf(booking['bookingId'] as string).find(
          (event) => event.type === 'booking.cancelled',
        );
        expect(found).toBeDefined();
        return found!;
      });
      expect(cancelledEvent.data).toMatchObject({ refundAmount: amount, refundPercent: percent });
    }
  });

  it('refunds 100 % when the host cancels an hour before the start', async () => {
    const host = await Client.as(platform, 'host');
    const car = await admin.createResource({ ownerId: host.userId });
    const booking = await paidBooking(platform, await customer(), car['resourceId'] as string, 1 + 50);
    platform.clock.advance(50 * 3_600_000);
    const response = await host.send('POST', `/v1/bookings/${booking['bookingId'] as string}/cancel`, {});
    expect(await readJson(response)).toMatchObject({
      status: 'CANCELLED',
      refundPercent: 100,
      refundAmount: 2_000_000,
      refund: { amount: 2_000_000, status: 'requested' },
    });
  });

  it('checks in and completes for the host; any other step is 409 invalid_transition', async () => {
    const host = await Client.as(platform, 'host');
    const car = await admin.createResource({ ownerId: host.userId, depositAmount: 0 });
    const client = await customer();
    const later = await client.holdOk({
      resourceId: car['resourceId'],
      start: hoursFromNow(platform, 5),
      end: hoursFromNow(platform, 8),
    });
    // Five hours ahead: too early to pick up (60 minutes before) or to call a no-show (30 after).
    for (const action of ['check-in', 'no-show']) {
      const tooEarly = await host.send('POST', `/v1/bookings/${later['bookingId'] as string}/${action}`);
      expect([action, tooEarly.status, await readJson(tooEarly)]).toEqual([
        action,
        409,
        expect.objectContaining({ code: 'invalid_transition', allowedFrom: expect.any(String) }),
      ]);
    }
    const booking = await client.holdOk({
      resourceId: car['resourceId'],
      start: hoursFromNow(platform, 0.5),
      end: hoursFromNow(platform, 3),
    });
    const id = booking['bookingId'] as string;
    const early = await host.send('POST', `/v1/bookings/${id}/complete`);
    expect(early.status).toBe(409);
    expect(await readJson(early)).toMatchObject({ code: 'invalid_transition', status: 409 });
    expect((await readJson(await host.send('POST', `/v1/bookings/${id}/check-in`)))['status']).toBe(
      'IN_PROGRESS',
    );
    expect((await readJson(await host.send('POST', `/v1/bookings/${id}/complete`)))['status']).toBe(
      'COMPLETED',
    );
    expect((await host.send('POST', `/v1/bookings/${id}/cancel`)).status).toBe(409);
    await expectEventually(() =>
      expect(eventsOf(id).map((event) => event.type)).toEqual([
        'booking.confirmed',
        'booking.checked_in',
        'booking.completed',
      ]),
    );
  });

  it('shows a booking to its customer, its resource’s host and admins; to anyone else it does not exist', async () => {
    const host = await Client.as(platform, 'host');
    const otherHost = await Client.as(platform, 'host');
    const car = await admin.createResource({ ownerId: host.userId });
    const owner = await customer();
    const stranger = await customer();
    const booking = await owner.holdOk({
      resourceId: car['resourceId'],
      start: hoursFromNow(platform, 30),
      end: hoursFromNow(platform, 33),
    });
    const path = `/v1/bookings/${booking['bookingId'] as string}`;
    for (const reader of [owner, host, admin]) expect((await reader.send('GET', path)).status).toBe(200);
    for (const reader of [stranger, otherHost]) {
      const response = await reader.send('GET', path);
      expect(response.status).toBe(404);
      expect((await readJson(response))['code']).toBe('not_found');
    }
    expect((await stranger.send('POST', `${path}/cancel`, {})).status).toBe(404);
    expect((await otherHost.send('POST', `${path}/check-in`)).status).toBe(404);
    const strangersList = await readJson(
      await stranger.send('GET', `/v1/bookings?resourceId=${car['resourceId'] as string}`),
    );
    expect(strangersList['data']).toEqual([]);
    const hostsList = await readJson(
      await host.send('GET', `/v1/bookings?resourceId=${car['resourceId'] as string}`),
    );
    expect(hostsList['data'].map((item: Json) => item['bookingId'])).toEqual([booking['bookingId']]);
    expect((await readJson(await owner.send('GET', path)))['customerId']).toBe(owner.userId);
  });

  it('lists bookings overlapping [from, to) by status, a page at a time', async () => {
    const car = await admin.createResource();
    const client = await customer();
    const ids: string[] = [];
    for (let day = 10; day < 13; day += 1) {
      const booking = await (
        await customer()
      ).holdOk({
        resourceId: car['resourceId'],
        start: `2026-03-${day}T10:00:00`,
        end: `2026-03-${day}T12:00:00`,
      });
      ids.push(booking['bookingId'] as string);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await readJson(
        await admin.send(
          'GET',
          `/v1/bookings?resourceId=${car['resourceId'] as string}&status=HOLD&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        ),
      );
      seen.push(...page['data'].map((item: Json) => item['bookingId']));
      cursor = page['nextCursor'] as string | null;
    } while (cursor);
    expect(seen).toEqual(ids);
    const window = await readJson(
      await admin.send(
        'GET',
        `/v1/bookings?resourceId=${car['resourceId'] as string}&from=2026-03-11T00:00:00Z&to=2026-03-12T00:00:00Z`,
      ),
    );
    expect(window['data'].map((item: Json) => item['bookingId'])).toEqual([ids[1]]);
    expect(client.userId).toBeTruthy();
  });

  it('lists free cars for a period, and drops a car from the list as soon as it is held', async () => {
    const city = uniqueName('city');
    const cars = await Promise.all(
      [1, 2, 3].map((n) =>
        admin.createResource({
          city,
          bufferAfterMinutes: 60,
          businessHours: {
            weekly: Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((day) => [day, [['00:00', '24:00']]])),
            overrides: { '2026-12-25': [['10:00', '14:00']] },
          },
          attributes: { seats: n, tags: ['ev', `"quoted" ${n}`], nested: { ok: true, none: null } },
        }),
      ),
    );
    const byId = (a: Json, b: Json) => (a['resourceId'] as string).localeCompare(b['resourceId'] as string);
    const client = await customer();
    const query = `/v1/availability?city=${city}&kind=car&from=2026-04-10T01:00:00Z&to=2026-04-11T01:00:00Z`;
    const before = await readJson(await client.send('GET', query));
    // Each car exactly as the resource routes show it (the page is joined from views kept in memory).
    expect(before).toEqual({ data: [...cars].sort(byId), nextCursor: null });
    const firstPage = await readJson(await client.send('GET', `${query}&limit=2`));
    expect(firstPage['data']).toEqual([...cars].sort(byId).slice(0, 2));
    const lastPage = await readJson(
      await client.send('GET', `${query}&limit=2&cursor=${firstPage['nextCursor'] as string}`),
    );
    expect(lastPage).toEqual({ data: [...cars].sort(byId).slice(2), nextCursor: null });
    // A changed car is shown as it is now by the next search that is not answered from the cache.
    const renamed = await readJson(
      await admin.send('PATCH', `/v1/resources/${cars[1]!['resourceId'] as string}`, { name: 'Renamed' }),
    );
    const later = await readJson(await client.send('GET', query.replace('01:00:00Z', '02:00:00Z')));
    expect(later['data'].find((item: Json) => item['resourceId'] === renamed['resourceId'])).toEqual(renamed);
    // Asked again: answered from the cache (the gateway's own copy of the page), still all three.
    expect(await readJson(await client.send('GET', query))).toEqual(before);
    // Ends 30 min before the period: the car's 60-minute buffer still reaches into it.
    await client.holdOk({
      resourceId: cars[0]!['resourceId'],
      start: '2026-04-09T22:00:00Z',
      end: '2026-04-10T00:30:00Z',
    });
    const after = await readJson(await client.send('GET', query));
    expect(after['data'].map((item: Json) => item['resourceId']).sort()).toEqual(
      [cars[1]!['resourceId'], cars[2]!['resourceId']].sort(),
    );
    const again = await readJson(await client.send('GET', query));
    expect(again).toEqual(after);
  });

  it('marks a no-show for the host, which releases the period and publishes booking.no_show', async () => {
    const host = await Client.as(platform, 'host');
    const car = await admin.createResource({ ownerId: host.userId, depositAmount: 0 });
    const body = {
      resourceId: car['resourceId'],
      start: hoursFromNow(platform, 40),
      end: hoursFromNow(platform, 42),
    };
    const booking = await (await customer()).holdOk(body);
    const id = booking['bookingId'] as string;
    // The window opens noShowAfterMinutes (30) after the start; the job takes it only once that has passed.
    platform.clock.set(new Date(Date.parse(booking['start'] as string) + 30 * 60_000));
    const response = await host.send('POST', `/v1/bookings/${id}/no-show`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBeTruthy();
    expect((await readJson(response))['status']).toBe('NO_SHOW');
    // Released: the rest of its period can be held again.
    const rest = {
      resourceId: car['resourceId'],
      start: hoursFromNow(platform, 0.25),
      end: hoursFromNow(platform, 1),
    };
    expect((await (await customer()).hold(rest)).status).toBe(201);
    expect((await host.send('POST', `/v1/bookings/${id}/no-show`)).status).toBe(409);
    await expectEventually(() =>
      expect(eventsOf(id).map((event) => event.type)).toContain('booking.no_show'),
    );
  });

  it('marks a confirmed booking NO_SHOW by itself noShowAfterMinutes after its start, unless it was checked in', async () => {
    const host = await Client.as(platform, 'host');
    const car = await admin.createResource({
      ownerId: host.userId,
      depositAmount: 0,
      cancellationPolicy: { tiers: [{ minHoursBefore: 0, refundPercent: 0 }], noShowAfterMinutes: 45 },
    });
    const client = await customer();
    const start = hoursFromNow(platform, 10);
    const absent = await client.holdOk({
      resourceId: car['resourceId'],
      start,
      end: hoursFromNow(platform, 12),
    });
    const present = await client.holdOk({
      resourceId: car['resourceId'],
      start: hoursFromNow(platform, 20),
      end: hoursFromNow(platform, 22),
    });
    const statusOf = async (booking: Json) =>
      (await readJson(await client.send('GET', `/v1/bookings/${booking['bookingId'] as string}`)))['status'];

    platform.clock.set(new Date(Date.parse(start) + 44 * 60_000));
    await platform.runJob('booking', MarkNoShowsJob);
    expect(await statusOf(absent)).toBe('CONFIRMED');
    platform.clock.set(new Date(Date.parse(start) + 45 * 60_000 + 1_000));
    await expectEventually(async () => expect(await statusOf(absent)).toBe('NO_SHOW'));
    await expectEventually(() =>
      expect(eventsOf(absent['bookingId'] as string).map((event) => event.type)).toEqual([
        'booking.confirmed',
        'booking.no_show',
      ]),
    );
    // Released: what is left of its period can be held again.
    const rest = {
      resourceId: car['resourceId'],
      start: hoursFromNow(platform, 0.5),
      end: hoursFromNow(platform, 1),
    };
    expect((await client.hold(rest)).status).toBe(201);

    platform.clock.set(present['start'] as string);
    expect((await host.send('POST', `/v1/bookings/${present['bookingId'] as string}/check-in`)).status).toBe(
      200,
    );
    platform.clock.advance(3 * 3_600_000);
    await platform.runJob('booking', MarkNoShowsJob);
    expect(await statusOf(present)).toBe('IN_PROGRESS');
  });

  it('confirms nothing on a wrong amount, an expired hold or an unknown booking, and asks for one full refund each', async () => {
    const car = await admin.createResource();
    const client = await customer();
    const wrong = await client.holdOk({
      resourceId: car['resourceId'],
      start: hoursFromNow(platform, 60),
      end: hoursFromNow(platform, 62),
    });
    const wrongId = wrong['bookingId'] as string;
    await publishPayment(platform, { bookingId: wrongId, amount: 1_999_999, currency: 'VND' });
    await expectEventually(async () =>
      expect(await readJson(await client.send('GET', `/v1/bookings/${wrongId}`))).toMatchObject({
        status: 'HOLD',
        paidAmount: 0,
        // Requested at once; the refund service then makes it at the sandbox provider.
        refund: { amount: 1_999_999, status: 'succeeded' },
      }),
    );

    const late = await client.holdOk({
      resourceId: car['resourceId'],
      start: hoursFromNow(platform, 70),
      end: hoursFromNow(platform, 72),
    });
    const lateId = late['bookingId'] as string;
    platform.clock.set(platform.expiryJobTakes(late['holdExpiresAt'] as string));
    await expectEventually(async () =>
      expect((await readJson(await client.send('GET', `/v1/bookings/${lateId}`)))['status']).toBe('EXPIRED'),
    );
    await publishPayment(platform, { bookingId: lateId, amount: 2_000_000, currency: 'VND' });

    const unknownId = '11111111-2222-4333-8444-555555555555';
    await publishPayment(platform, { bookingId: unknownId, amount: 500, currency: 'VND' });

    for (const [bookingId, amount] of [
      [wrongId, 1_999_999],
      [lateId, 2_000_000],
      [unknownId, 500],
    ] as const) {
      await expectEventually(() =>
        expect(eventsOf(bookingId).filter((event) => event.type === 'refund.requested')).toEqual([
          expect.objectContaining({ data: expect.objectContaining({ bookingId, amount, currency: 'VND' }) }),
        ]),
      );
    }
    expect((await readJson(await client.send('GET', `/v1/bookings/${lateId}`)))['status']).toBe('EXPIRED');
    expect(eventsOf(wrongId).map((event) => event.type)).not.toContain('booking.confirmed');
    // The last check, once every refund has been made: one request and one refund each, no more.
    for (const bookingId of [wrongId, lateId, unknownId]) {
      await expectEventually(async () => {
        const { rows } = await platform
          .database('refund')
          .query<{ status: string }>('SELECT status FROM refund WHERE booking_id = $1', [bookingId]);
        expect(rows).toEqual([{ status: 'succeeded' }]);
      });
      const requests = (await platform.outboxTypes('booking', bookingId)).filter(
        (type) => type === 'refund.requested',
      );
      expect(requests).toHaveLength(1);
    }
  });
});
