import { randomUUID } from 'node:crypto';
import { withTransaction } from '@booking/db';
import { createTestDatabase, type TestDatabase } from '@booking/testing';
import { notificationMigrations } from '../../migrations';
import { bookingSnapshot } from '../domain/booking-snapshot.fixture';
import { PgNotificationRepository } from './notification.repository';

describe('PgNotificationRepository on PostgreSQL', () => {
  let db: TestDatabase;
  const notifications = new PgNotificationRepository();
  const now = new Date('2026-10-18T12:00:00Z');

  beforeAll(async () => {
    db = await createTestDatabase('notification-repo', notificationMigrations);
  });
  afterAll(() => db.drop());

  const tx = <T>(work: Parameters<typeof withTransaction<T>>[1]) => withTransaction(db.pool, work);
  const add = (bookingId: string, kind: 'confirmation' | 'reminder_24h' = 'confirmation', at = now) =>
    tx((t) => notifications.addOnce(t, { bookingId, kind, scheduledFor: at }, now));

  it('keeps the newest snapshot of a booking: an older version changes nothing', async () => {
    const bookingId = randomUUID();
    await tx((t) =>
      notifications.saveSnapshot(t, bookingSnapshot({ bookingId, version: 3, status: 'CANCELLED' }), now),
    );
    await tx((t) =>
      notifications.saveSnapshot(t, bookingSnapshot({ bookingId, version: 2, status: 'CONFIRMED' }), now),
    );
    expect(await notifications.findSnapshot(db.pool, bookingId)).toMatchObject({
      version: 3,
      status: 'CANCELLED',
    });
  });

  it('adds each (booking, kind) once, also when two consumers race', async () => {
    const bookingId = randomUUID();
    const added = await Promise.all([add(bookingId), add(bookingId), add(bookingId)]);
    expect(added.filter(Boolean)).toHaveLength(1);
    expect(await add(bookingId, 'reminder_24h')).toBe(true);
    expect((await notifications.listForBooking(db.pool, bookingId)).map((n) => n.kind)).toEqual([
      'confirmation',
      'reminder_24h',
    ]);
  });

  it('leases each due message to one sender, and lets only the sender holding it mark it', async () => {
    const ids: string[] = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const bookingId = randomUUID();
        await add(bookingId);
        return bookingId;
      }),
    );
    await add(randomUUID(), 'confirmation', new Date(now.getTime() + 3_600_000));
    const lease = new Date(now.getTime() + 60_000);
    const claims = await Promise.all([0, 1].map(() => tx((t) => notifications.claimDue(t, now, lease, 4))));
    const claimed = claims.flat().filter((n) => ids.includes(n.bookingId));
    expect(new Set(claimed.map((n) => n.notificationId)).size).toBe(claimed.length);
    expect(claimed.every((n) => n.status === 'sending' && n.attempts === 1)).toBe(true);
    const [first] = claimed;
    const message = { subject: 'Booking confirmed', text: 'Confirmed.' };
    expect(await tx((t) => notifications.markSent(t, first!.notificationId, message, now))).toBe(true);
    // Sent already: a second sender's mark, a retry or a failure changes nothing.
    expect(await tx((t) => notifications.markSent(t, first!.notificationId, message, now))).toBe(false);
    await notifications.retryAt(db.pool, first!.notificationId, now, 'late', now);
    await notifications.markFailed(db.pool, first!.notificationId, 'late', now);
    const [stored] = await notifications.listForBooking(db.pool, first!.bookingId);
    expect(stored).toMatchObject({ status: 'sent', sentAt: now, subject: 'Booking confirmed' });
  });

  it('fails a message whose lease ran out mid-send, and never offers it again', async () => {
    const bookingId = randomUUID();
    await add(bookingId);
    const claimedAt = new Date(now.getTime() + 1);
    const [claimed] = (
      await tx((t) => notifications.claimDue(t, claimedAt, new Date(now.getTime() + 1_000), 100))
    ).filter((n) => n.bookingId === bookingId);
    expect(claimed).toBeDefined();
    const afterLease = new Date(now.getTime() + 2_000);
    expect(await notifications.failInterrupted(db.pool, afterLease)).toBeGreaterThanOrEqual(1);
    const [stored] = await notifications.listForBooking(db.pool, bookingId);
    expect(stored).toMatchObject({ status: 'failed' });
    const later = await tx((t) =>
      notifications.claimDue(t, new Date(now.getTime() + 3_600_000), afterLease, 100),
    );
    expect(later.map((n) => n.bookingId)).not.toContain(bookingId);
  });
});
