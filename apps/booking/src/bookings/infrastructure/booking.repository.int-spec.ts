import { isPgError, PG_ERRORS, withTransaction } from '@booking/db';
import type { TestDatabase } from '@booking/testing';
import { aBooking, bookingDatabase, savedResource } from '../../../test/booking-database';
import type { Resource } from '../../resources/domain/resource';
import type { Booking } from '../domain/booking';
import { OutboxWriter } from '@booking/outbox';
import { PgResourceRepository } from '../../resources/infrastructure/resource.repository';
import { PgBookingRepository } from './booking.repository';

describe('PgBookingRepository on PostgreSQL', () => {
  let db: TestDatabase;
  let bookings: PgBookingRepository;
  let car: Resource;
  let day = 0;

  beforeAll(async () => {
    db = await bookingDatabase('booking-repo');
    bookings = new PgBookingRepository(db.pool);
  });
  afterAll(() => db.drop());
  beforeEach(async () => {
    car = await savedResource(db);
    day += 1;
  });

  /** A period on this test's own day: 10:00 to 12:00 UTC, shifted by hours. */
  const period = (fromHour: number, toHour: number) => {
    const base = Date.UTC(2027, 5, day);
    const at = (hour: number) => new Date(base + hour * 3_600_000).toISOString();
    return { start: at(fromHour), end: at(toHour) };
  };
  const insert = (booking: Booking) => withTransaction(db.pool, (tx) => bookings.insert(tx, booking));
  const refusal = (work: Promise<unknown>) =>
    work.then(
      () => 'accepted',
      (error: unknown) => (isPgError(error, PG_ERRORS.exclusionViolation) ? 'overlap' : error),
    );

  it('lets the exclusion constraint refuse an overlapping active booking, and only that', async () => {
    await insert(aBooking(car, period(10, 12)));
    expect(await refusal(insert(aBooking(car, period(11, 13))))).toBe('overlap');
    expect(await refusal(insert(aBooking(car, period(9, 10))))).toBe('accepted');
    expect(await refusal(insert(aBooking(car, period(12, 14), { status: 'CONFIRMED' })))).toBe('accepted');
    expect(await refusal(insert(aBooking(car, period(11, 12), { status: 'CANCELLED' })))).toBe('accepted');
    const other = await savedResource(db);
    expect(await refusal(insert(aBooking(other, period(10, 12))))).toBe('accepted');
    // The blocked range (with buffers) is what must not overlap, not the period itself.
    const buffered = aBooking(car, period(15, 16), {
      blocked: { start: new Date(period(13, 16).start), end: new Date(period(13, 16).end) },
    });
    expect(await refusal(insert(buffered))).toBe('overlap');
  });

  it('holds in one statement: the booking and its event, only while the resource row is as planned', async () => {
    const resources = new PgResourceRepository(db.pool);
    const outbox = new OutboxWriter('booking-test', () => new Date());
    const eventOf = (booking: Booking) =>
      outbox.prepare({ topic: 't', type: 'booking.held', subject: booking.bookingId, data: {} });
    const hold = (booking: Booking, version: string) =>
      withTransaction(db.pool, (tx) =>
        bookings.insertIfResourceUnchanged(tx, booking, version, eventOf(booking)),
      );
    const stored = async (booking: Booking) => {
      const { rows } = await db.pool.query<{ events: number }>(
        'SELECT count(*)::int AS events FROM outbox WHERE message_key = $1',
        [booking.bookingId],
      );
      return [(await bookings.findById(booking.bookingId))?.status, rows[0]!.events];
    };
    const planned = (await resources.findCurrent(car.resourceId))!.version;
    const first = aBooking(car, period(10, 12));
    expect(await hold(first, planned)).toBe(true);
    expect(await stored(first)).toEqual(['HOLD', 1]);

    expect(await refusal(hold(aBooking(car, period(11, 13)), planned))).toBe('overlap');

    await withTransaction(db.pool, (tx) => resources.update(tx, { ...car, name: 'renamed' }));
    const stale = aBooking(car, period(14, 16));
    expect(await hold(stale, planned)).toBe(false);
    expect(await stored(stale)).toEqual([undefined, 0]);

    const gone = aBooking({ ...car, resourceId: '00000000-0000-4000-8000-000000000000' }, period(14, 16));
    expect(await hold(gone, planned)).toBe(false);
    expect(await stored(gone)).toEqual([undefined, 0]);
  });

  it('changes a status only from the statuses named: of two racing transitions exactly one wins', async () => {
    const hold = aBooking(car, period(10, 12));
    await insert(hold);
    const now = new Date('2027-01-01T00:10:00Z');
    const [confirmed, expired] = await Promise.all([
      withTransaction(db.pool, (tx) =>
        bookings.changeStatus(tx, {
          bookingId: hold.bookingId,
          from: ['HOLD'],
          to: 'CONFIRMED',
          now,
          set: { paidAmount: 2_000_000 },
        }),
      ),
      withTransaction(db.pool, (tx) =>
        bookings.changeStatus(tx, { bookingId: hold.bookingId, from: ['HOLD'], to: 'EXPIRED', now }),
      ),
    ]);
    const winners = [confirmed, expired].filter((result) => result !== undefined);
    expect(winners).toHaveLength(1);
    const stored = await bookings.findById(hold.bookingId);
    expect(stored!.status).toBe(winners[0]!.status);
    expect(stored!.version).toBe(2);
    expect(stored!.paidAmount).toBe(stored!.status === 'CONFIRMED' ? 2_000_000 : 0);
  });

  it('frees the period in the statement that leaves the active statuses', async () => {
    const hold = aBooking(car, period(10, 12));
    await insert(hold);
    await withTransaction(db.pool, (tx) =>
      bookings.changeStatus(tx, {
        bookingId: hold.bookingId,
        from: ['HOLD', 'CONFIRMED'],
        to: 'CANCELLED',
        now: new Date(),
      }),
    );
    expect(await refusal(insert(aBooking(car, period(10, 12))))).toBe('accepted');
  });

  it('moves an active booking, refuses a move onto another, and moves nothing inactive', async () => {
    const moving = aBooking(car, period(10, 12), { status: 'CONFIRMED' });
    const other = aBooking(car, period(14, 16), { status: 'CONFIRMED' });
    await insert(moving);
    await insert(other);
    const to = (range: { start: string; end: string }) => ({
      bookingId: moving.bookingId,
      period: { start: new Date(range.start), end: new Date(range.end) },
      blocked: { start: new Date(range.start), end: new Date(range.end) },
      timeZone: car.timeZone,
      termsStart: null,
      now: new Date('2027-01-02T00:00:00Z'),
    });
    expect(await refusal(withTransaction(db.pool, (tx) => bookings.move(tx, to(period(15, 17)))))).toBe(
      'overlap',
    );
    const moved = await withTransaction(db.pool, (tx) => bookings.move(tx, to(period(17, 18))));
    expect(moved).toMatchObject({ rescheduleCount: 1, period: to(period(17, 18)).period });
    await withTransaction(db.pool, (tx) =>
      bookings.changeStatus(tx, {
        bookingId: other.bookingId,
        from: ['CONFIRMED'],
        to: 'CANCELLED',
        now: new Date(),
      }),
    );
    const cancelledMove = await withTransaction(db.pool, (tx) =>
      bookings.move(tx, { ...to(period(19, 20)), bookingId: other.bookingId }),
    );
    expect(cancelledMove).toBeUndefined();
  });

  it('names which of several ranges clash with an active booking, by index', async () => {
    await insert(aBooking(car, period(10, 12)));
    await insert(aBooking(car, period(14, 15), { status: 'EXPIRED' }));
    const ranges = [period(8, 9), period(11, 13), period(14, 15), period(9, 10), period(10, 11)].map(
      (range) => ({
        start: new Date(range.start),
        end: new Date(range.end),
      }),
    );
    expect(
      await withTransaction(db.pool, (tx) => bookings.clashingRanges(tx, car.resourceId, ranges)),
    ).toEqual([1, 4]);
  });

  it('expires due holds once: two jobs at once take disjoint sets, and nothing early', async () => {
    const expiresAt = new Date('2027-01-01T00:15:00Z');
    const due = await Promise.all(
      Array.from({ length: 6 }, async (_, index) => {
        const hold = aBooking(car, period(2 * index, 2 * index + 1), { holdExpiresAt: expiresAt });
        await insert(hold);
        return hold.bookingId;
      }),
    );
    const later = aBooking(car, period(20, 21), { holdExpiresAt: new Date('2027-01-01T01:00:00Z') });
    await insert(later);
    const at = { now: new Date('2027-01-01T00:20:00Z'), expiredBefore: new Date('2027-01-01T00:15:00Z') };
    const mine = (rows: Booking[]) =>
      rows.map((row) => row.bookingId).filter((id) => due.includes(id) || id === later.bookingId);
    const [first, second] = await Promise.all([
      withTransaction(db.pool, (tx) => bookings.expireDue(tx, at, 4)),
      withTransaction(db.pool, (tx) => bookings.expireDue(tx, at, 4)),
    ]);
    const taken = [...mine(first), ...mine(second)];
    expect(new Set(taken).size).toBe(taken.length);
    const again = mine(await withTransaction(db.pool, (tx) => bookings.expireDue(tx, at, 100)));
    expect([...taken, ...again].sort()).toEqual([...due].sort());
    expect((await bookings.findById(later.bookingId))!.status).toBe('HOLD');
  });

  it('marks a confirmed booking no-show only once its start is noShowAfterMinutes behind', async () => {
    const confirmed = aBooking(car, period(10, 12), { status: 'CONFIRMED', holdExpiresAt: null });
    await insert(confirmed);
    const start = confirmed.period.start.getTime();
    const grace = car.cancellationPolicy.noShowAfterMinutes * 60_000;
    const mark = (at: number) =>
      withTransaction(db.pool, (tx) => bookings.markNoShowsDue(tx, new Date(at), 100)).then((rows) =>
        rows.filter((row) => row.bookingId === confirmed.bookingId),
      );
    expect(await mark(start + grace)).toEqual([]);
    const [marked] = await mark(start + grace + 1_000);
    expect(marked).toMatchObject({ status: 'NO_SHOW' });
    expect(await mark(start + grace + 60_000)).toEqual([]);
  });
});
