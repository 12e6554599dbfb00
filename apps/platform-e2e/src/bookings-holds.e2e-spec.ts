import { bearer, expectEventually, uniqueName, type TopicCollector } from '@booking/testing';
import { Client, platformForSuite, readJson, type Json } from './fixtures';
import { overlappingBookings } from './proof/invariants';
import { holdsAsAnswered, recordHold, type RecordedHold } from './proof/recorded-holds';
import type { RunningPlatform } from './platform';

describe('holds through the gateway', () => {
  const suite = platformForSuite('2026-01-05T00:00:00Z');
  let platform: RunningPlatform;
  let admin: Client;
  let events: TopicCollector;
  beforeAll(() => {
    ({ platform, admin, events } = suite);
  });

  const customer = () => Client.as(platform, 'customer');

  async function activeBookings(resourceId: string): Promise<number> {
    const { rows } = await platform
      .database('booking')
      .query(
        `SELECT count(*)::int AS n FROM booking WHERE resource_id = $1 AND status IN ('HOLD','CONFIRMED','IN_PROGRESS')`,
        [resourceId],
      );
    return rows[0].n as number;
  }

  /** Outbox rows (committed events) about a resource's bookings. */
  async function eventsAbout(resourceId: string): Promise<number> {
    const { rows } = await platform
      .database('booking')
      .query(`SELECT count(*)::int AS n FROM outbox WHERE payload->'data'->>'resourceId' = $1`, [resourceId]);
    return rows[0].n as number;
  }

  it('holds a car: HOLD with its expiry, payment link, blocked period and local times, and publishes booking.held', async () => {
    const car = await admin.createResource({ bufferAfterMinutes: 120 });
    const response = await (
      await customer()
    ).hold({
      resourceId: car['resourceId'],
      start: '2026-01-25T08:00:00+07:00',
      end: '2026-01-28T20:00:00+07:00',
      timeZone: 'Asia/Ho_Chi_Minh',
      contact: {
        email: 'a@example.com',
        phone: '+84901234567',
        timeZone: 'Asia/Ho_Chi_Minh',
        locale: 'vi-VN',
      },
    });
    expect(response.status).toBe(201);
    const booking = await readJson(response);
    expect(booking).toMatchObject({
      resourceId: car['resourceId'],
      status: 'HOLD',
      start: '2026-01-25T01:00:00Z',
      end: '2026-01-28T13:00:00Z',
      startLocal: '2026-01-25T08:00:00+07:00',
      endLocal: '2026-01-28T20:00:00+07:00',
      timeZone: 'Asia/Ho_Chi_Minh',
      blockedStart: '2026-01-25T01:00:00Z',
      blockedEnd: '2026-01-28T15:00:00Z',
      holdExpiresAt: '2026-01-05T00:15:00Z',
      paymentUrl: expect.stringContaining(booking['bookingId'] as string),
      depositAmount: 2_000_000,
      paidAmount: 0,
      currency: 'VND',
      refund: null,
      rescheduleCount: 0,
      seriesId: null,
      recurrenceId: null,
      warnings: [],
    });
    await expectEventually(() =>
      expect(events.distinct().filter((event) => event.subject === booking['bookingId'])).toEqual([
        expect.objectContaining({
          type: 'booking.held',
          source: 'booking-service',
          data: expect.objectContaining({ status: 'HOLD' }),
        }),
      ]),
    );
  });

  it('confirms at once when the resource takes no deposit', async () => {
    const room = await admin.createResource({
      kind: 'room',
      depositAmount: 0,
      currency: 'USD',
      timeZone: 'America/New_York',
    });
    const booking = await (
      await customer()
    ).holdOk({
      resourceId: room['resourceId'],
      start: '2026-02-10T09:00:00',
      end: '2026-02-10T10:00:00',
    });
    expect(booking).toMatchObject({
      status: 'CONFIRMED',
      holdExpiresAt: null,
      paymentUrl: null,
      start: '2026-02-10T14:00:00Z',
    });
    await expectEventually(() =>
      expect(
        events
          .distinct()
          .filter((event) => event.subject === booking['bookingId'])
          .map((event) => event.type),
      ).toEqual(['booking.confirmed']),
    );
  });

  it('files 23:30–00:30 under its start date, ending on the next day', async () => {
    const car = await admin.createResource();
    const client = await customer();
    const booking = await client.holdOk({
      resourceId: car['resourceId'],
      start: '2026-02-14T23:30:00',
      end: '2026-02-15T00:30:00',
    });
    expect(booking['startLocal']).toBe('2026-02-14T23:30:00+07:00');
    expect(booking['endLocal']).toBe('2026-02-15T00:30:00+07:00');
    const onStartDate = await readJson(
      await client.send(
        'GET',
        `/v1/bookings?resourceId=${car['resourceId']}&from=2026-02-14T00:00:00%2B07:00&to=2026-02-14T23:59:59%2B07:00`,
      ),
    );
    expect(onStartDate['data'].map((item: Json) => item['bookingId'])).toEqual([booking['bookingId']]);
  });

  it('rejects 2026-03-08 02:30 in New York as nonexistent and stores nothing as 03:30', async () => {
    const room = await admin.createResource({ kind: 'room', timeZone: 'America/New_York', currency: 'USD' });
    const response = await (
      await customer()
    ).hold({ resourceId: room['resourceId'], start: '2026-03-08T02:30:00', end: '2026-03-08T04:00:00' });
    expect(response.status).toBe(422);
    expect(await readJson(response)).toMatchObject({ code: 'nonexistent_local_time', field: 'start' });
    expect(await activeBookings(room['resourceId'] as string)).toBe(0);
  });

  it('answers 2026-11-01 01:30 in New York with both candidates, and books the side asked for', async () => {
    const room = await admin.createResource({ kind: 'room', timeZone: 'America/New_York', currency: 'USD' });
    const client = await customer();
    const ambiguous = await client.hold({
      resourceId: room['resourceId'],
      start: '2026-11-01T01:30:00',
      end: '2026-11-01T03:00:00',
    });
    expect(ambiguous.status).toBe(422);
    expect(await readJson(ambiguous)).toMatchObject({
      code: 'ambiguous_local_time',
      candidates: [
        { instant: '2026-11-01T05:30:00Z', offset: '-04:00' },
        { instant: '2026-11-01T06:30:00Z', offset: '-05:00' },
      ],
    });
    const later = await client.holdOk({
      resourceId: room['resourceId'],
      start: '2026-11-01T01:30:00',
      end: '2026-11-01T03:00:00',
      disambiguation: 'later',
    });
    expect(later).toMatchObject({ start: '2026-11-01T06:30:00Z', startLocal: '2026-11-01T01:30:00-05:00' });
    const other = await admin.createResource({ kind: 'room', timeZone: 'America/New_York', currency: 'USD' });
    const earlier = await (
      await customer()
    ).holdOk({
      resourceId: other['resourceId'],
      start: '2026-11-01T01:30:00-04:00',
      end: '2026-11-01T03:00:00',
      timeZone: 'America/New_York',
    });
    expect(earlier).toMatchObject({ start: '2026-11-01T05:30:00Z', startLocal: '2026-11-01T01:30:00-04:00' });
    const mismatch = await (
      await customer()
    ).hold({
      resourceId: other['resourceId'],
      start: '2026-07-01T10:00:00-05:00',
      end: '2026-07-01T11:00:00-05:00',
      timeZone: 'America/New_York',
    });
    expect(mismatch.status).toBe(422);
    expect((await readJson(mismatch))['code']).toBe('offset_mismatch');
  });

  it('gives exactly one of 50 concurrent holds for one car and period', async () => {
    const car = await admin.createResource();
    const clients = await Promise.all(Array.from({ length: 50 }, customer));
    const responses = await Promise.all(
      clients.map((client) =>
        client.hold({
          resourceId: car['resourceId'],
          start: '2026-03-01T10:00:00',
          end: '2026-03-02T10:00:00',
        }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const conflict = await readJson(responses.find((response) => response.status === 409)!);
    expect(conflict['code']).toBe('slot_unavailable');
    expect(await activeBookings(car['resourceId'] as string)).toBe(1);
  });

  it('gives 10 holds to 1,000 customers racing for 10 cars, with no deadlock and no overlap', async () => {
    const cars = await Promise.all(Array.from({ length: 10 }, () => admin.createResource({ city: 'RACE' })));
    const clients = await Promise.all(Array.from({ length: 1_000 }, customer));
    const records: RecordedHold[] = [];
    const responses = await Promise.all(
      clients.map((client, i) =>
        recordHold(records, client, {
          resourceId: cars[i % 10]!['resourceId'],
          start: '2026-04-01T10:00:00',
          end: '2026-04-03T10:00:00',
        }),
      ),
    );
    const statuses: Record<number, number> = {};
    for (const { status } of responses) statuses[status] = (statuses[status] ?? 0) + 1;
    // Compared whole, so a failure shows what the others were answered.
    expect(statuses).toEqual({ 201: 10, 409: 990 });
    expect(await overlappingBookings(platform.database('booking'))).toEqual([]);
    expect(await holdsAsAnswered(records, platform.database('booking'))).toEqual([]);
  });

  it.each([
    ['without', {}],
    ['with', { 'idempotency-key': 'changed-while-planned' }],
  ])(
    'plans again when the resource changed after it was read, %s an Idempotency-Key',
    async (_with, headers: Record<string, string>) => {
      const car = await admin.createResource({ depositAmount: 2_000_000 });
      // Uncommitted, the change is invisible to the hold's first read but holds the row's lock.
      const change = await platform.database('booking').connect();
      try {
        await change.query('BEGIN');
        await change.query('UPDATE resource SET deposit_amount = 3000000 WHERE resource_id = $1', [
          car['resourceId'],
        ]);
        const answered = (await customer()).hold(
          { resourceId: car['resourceId'], start: '2026-03-02T10:00:00Z', end: '2026-03-02T12:00:00Z' },
          headers,
        );
        await expectEventually(async () => {
          const { rows } = await change.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          expect(rows[0].n).toBe(1);
        });
        await change.query('COMMIT');
        const response = await answered;
        expect(response.status).toBe(201);
        expect(await readJson(response)).toMatchObject({ status: 'HOLD', depositAmount: 3_000_000 });
      } finally {
        change.release();
      }
      expect([
        await activeBookings(car['resourceId'] as string),
        await eventsAbout(car['resourceId'] as string),
      ]).toEqual([1, 1]);
    },
  );

  it('lets adjacent periods both succeed, until an after-buffer joins them', async () => {
    const plain = await admin.createResource();
    const client = await customer();
    const at = (from: string, to: string, resourceId: string) => ({
      resourceId,
      start: `2026-05-04T${from}:00`,
      end: `2026-05-04T${to}:00`,
    });
    expect((await client.hold(at('10:00', '12:00', plain['resourceId']))).status).toBe(201);
    expect((await (await customer()).hold(at('12:00', '14:00', plain['resourceId']))).status).toBe(201);

    const buffered = await admin.createResource({ bufferAfterMinutes: 120 });
    expect((await (await customer()).hold(at('10:00', '12:00', buffered['resourceId']))).status).toBe(201);
    expect((await (await customer()).hold(at('12:00', '14:00', buffered['resourceId']))).status).toBe(409);
    expect((await (await customer()).hold(at('14:00', '16:00', buffered['resourceId']))).status).toBe(201);
  });

  it('makes 10:00–10:30 with a 15-minute after-buffer conflict with 10:30–11:00, and not without it', async () => {
    const at = (from: string, to: string, resourceId: string) => ({
      resourceId,
      start: `2026-05-05T${from}:00`,
      end: `2026-05-05T${to}:00`,
    });
    const buffered = await admin.createResource({ bufferAfterMinutes: 15 });
    expect((await (await customer()).hold(at('10:00', '10:30', buffered['resourceId']))).status).toBe(201);
    expect((await (await customer()).hold(at('10:30', '11:00', buffered['resourceId']))).status).toBe(409);
    const plain = await admin.createResource();
    expect((await (await customer()).hold(at('10:00', '10:30', plain['resourceId']))).status).toBe(201);
    expect((await (await customer()).hold(at('10:30', '11:00', plain['resourceId']))).status).toBe(201);
  });

  it('replays an Idempotency-Key with the same body, and refuses it with another', async () => {
    const car = await admin.createResource();
    const client = await customer();
    const body = { resourceId: car['resourceId'], start: '2026-06-01T10:00:00', end: '2026-06-01T12:00:00' };
    const first = await client.hold(body, { 'idempotency-key': 'order-42' });
    expect(first.status).toBe(201);
    const replay = await client.hold(
      { end: body.end, start: body.start, resourceId: body.resourceId },
      { 'idempotency-key': 'order-42' },
    );
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await readJson(replay)).toEqual(await readJson(first));
    const reused = await client.hold(
      { ...body, end: '2026-06-01T13:00:00' },
      { 'idempotency-key': 'order-42' },
    );
    expect(reused.status).toBe(422);
    expect((await readJson(reused))['code']).toBe('idempotency_key_reused');
    expect(await activeBookings(car['resourceId'] as string)).toBe(1);
  });

  it('keeps nothing of a hold whose Idempotency-Key row fails to insert: no booking, no event', async () => {
    const car = await admin.createResource();
    const client = await customer();
    const body = { resourceId: car['resourceId'], start: '2026-06-03T10:00:00', end: '2026-06-03T12:00:00' };
    const key = uniqueName('doomed');
    const db = platform.database('booking');
    // The key row goes out with COMMIT: a failure there must take the booking and its event with it.
    await db.query(`CREATE FUNCTION refuse_key() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused for the test'; END $$`);
    await db.query(`CREATE TRIGGER refuse_key BEFORE INSERT ON idempotency_key FOR EACH ROW
      WHEN (NEW.key = '${key}') EXECUTE FUNCTION refuse_key()`);
    try {
      const refused = await client.hold(body, { 'idempotency-key': key });
      expect(refused.status).toBe(500);
      expect(await activeBookings(car['resourceId'] as string)).toBe(0);
      expect(await eventsAbout(car['resourceId'] as string)).toBe(0);
    } finally {
      await db.query('DROP TRIGGER refuse_key ON idempotency_key');
      await db.query('DROP FUNCTION refuse_key()');
    }
    // Nothing of the first attempt stands in the way of the same request again.
    const retried = await client.hold(body, { 'idempotency-key': key });
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect(await activeBookings(car['resourceId'] as string)).toBe(1);
    expect(await eventsAbout(car['resourceId'] as string)).toBe(1);
  });

  it('makes one booking of 20 concurrent requests with one Idempotency-Key', async () => {
    const car = await admin.createResource();
    const client = await customer();
    const body = { resourceId: car['resourceId'], start: '2026-06-02T10:00:00', end: '2026-06-02T12:00:00' };
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => client.hold(body, { 'idempotency-key': 'same-key' })),
    );
    const bodies: Json[] = await Promise.all(responses.map(readJson));
    const created = bodies.filter((_, i) => responses[i]!.status === 201);
    const busy = bodies.filter((_, i) => responses[i]!.status === 409);
    expect(created.length + busy.length).toBe(20);
    expect(new Set(created.map((booking) => booking['bookingId'])).size).toBe(1);
    expect(busy.every((problem) => problem['code'] === 'idempotency_key_in_progress')).toBe(true);
    expect(await activeBookings(car['resourceId'] as string)).toBe(1);
  });

  it('answers the 4th hold attempt in 15 minutes with 429 and Retry-After; conflicts count, replays do not', async () => {
    const car = await admin.createResource();
    const client = await customer();
    const at = (day: string) => ({
      resourceId: car['resourceId'],
      start: `2026-07-${day}T10:00:00`,
      end: `2026-07-${day}T12:00:00`,
    });
    expect((await client.hold(at('01'), { 'idempotency-key': 'k1' })).status).toBe(201);
    expect((await client.hold(at('01'), { 'idempotency-key': 'k1' })).status).toBe(201); // a replay
    expect((await (await customer()).hold(at('02'))).status).toBe(201);
    expect((await client.hold(at('02'))).status).toBe(409); // counts
    expect((await client.hold(at('03'))).status).toBe(201);
    const limited = await client.hold(at('04'));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(900);
    expect((await readJson(limited))['code']).toBe('rate_limited');
  });

  it('refuses a hold from a host or an admin, and one with a tampered or expired token', async () => {
    const car = await admin.createResource();
    const body = { resourceId: car['resourceId'], start: '2026-08-01T10:00:00', end: '2026-08-01T12:00:00' };
    expect((await admin.hold(body)).status).toBe(403);
    const good = await bearer('cust-x', 'customer');
    const expired = await bearer('cust-x', 'customer', { expiresIn: Math.floor(Date.now() / 1000) - 5 });
    for (const authorization of [`${good.slice(0, -3)}abc`, expired]) {
      const response = await platform.request('/v1/bookings', {
        method: 'POST',
        json: body,
        headers: { authorization },
      });
      expect(response.status).toBe(401);
    }
    expect(await activeBookings(car['resourceId'] as string)).toBe(0);
  });

  it('refuses bookings longer than 90 days and ends before starts', async () => {
    const car = await admin.createResource();
    const client = await customer();
    const long = await client.hold({
      resourceId: car['resourceId'],
      start: '2026-02-01T10:00:00Z',
      end: '2026-05-03T10:00:00Z',
    });
    expect((await readJson(long))['code']).toBe('too_long');
    const backwards = await client.hold({
      resourceId: car['resourceId'],
      start: '2026-02-01T10:00:00Z',
      end: '2026-02-01T09:00:00Z',
    });
    expect(backwards.status).toBe(422);
    expect((await readJson(backwards))['code']).toBe('end_before_start');
  });
});
