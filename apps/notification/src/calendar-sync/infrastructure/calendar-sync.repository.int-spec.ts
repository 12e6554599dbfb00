import { randomUUID } from 'node:crypto';
import { withTransaction, type TransactionClient } from '@booking/db';
import { createTestDatabase, expectEventually, type TestDatabase } from '@booking/testing';
import { notificationMigrations } from '../../migrations';
import { bookingSnapshot } from '../../notifications/domain/booking-snapshot.fixture';
import { PgNotificationRepository } from '../../notifications/infrastructure/notification.repository';
import { PgCalendarConnectionRepository } from './calendar-connection.repository';
import { PgCalendarSyncRepository } from './calendar-sync.repository';

describe('PgCalendarSyncRepository on PostgreSQL', () => {
  let db: TestDatabase;
  const syncs = new PgCalendarSyncRepository();
  const connections = new PgCalendarConnectionRepository();
  const snapshots = new PgNotificationRepository();
  const now = new Date('2027-03-01T00:00:00Z');
  const token = {
    keyId: 'k1',
    iv: Buffer.alloc(12),
    ciphertext: Buffer.from('sealed'),
    tag: Buffer.alloc(16),
  };

  beforeAll(async () => {
    db = await createTestDatabase('calendar-sync-repo', notificationMigrations);
  });
  afterAll(() => db.drop());

  const connect = (tx: TransactionClient, resourceId: string) =>
    connections.saveConnected(tx, { resourceId, calendarId: 'primary', connectedBy: 'host-1', token }, now);
  const wanted = async (resourceId: string) =>
    (
      await db.pool.query<{ entry_key: string; version: number }>(
        'SELECT entry_key, version FROM calendar_sync WHERE resource_id = $1 ORDER BY entry_key',
        [resourceId],
      )
    ).rows;
  const booking = (resourceId: string, version = 1) =>
    bookingSnapshot({
      bookingId: randomUUID(),
      resourceId,
      version,
      start: new Date('2027-03-13T15:00:00Z'),
      end: new Date('2027-03-13T16:00:00Z'),
    });

  it('wants an entry only for a connected resource, and only a newer version of it', async () => {
    const resourceId = randomUUID();
    const first = booking(resourceId, 2);
    await withTransaction(db.pool, (tx) => syncs.want(tx, { ...first, resourceId }, now));
    expect(await wanted(resourceId)).toEqual([]);
    await withTransaction(db.pool, (tx) => connect(tx, resourceId));
    await withTransaction(db.pool, (tx) => syncs.want(tx, { ...first, resourceId }, now));
    await withTransaction(db.pool, (tx) => syncs.want(tx, { ...first, resourceId, version: 1 }, now));
    expect(await wanted(resourceId)).toEqual([{ entry_key: first.bookingId, version: 2 }]);
  });

  it('backfills on connect the bookings that have not ended', async () => {
    const resourceId = randomUUID();
    const coming = booking(resourceId);
    const ended = bookingSnapshot({
      bookingId: randomUUID(),
      resourceId,
      start: new Date('2027-02-01T10:00:00Z'),
      end: new Date('2027-02-01T11:00:00Z'),
    });
    for (const snapshot of [coming, ended])
      await withTransaction(db.pool, (tx) => snapshots.saveSnapshot(tx, snapshot, now));
    await withTransaction(db.pool, async (tx) => {
      await connect(tx, resourceId);
      await syncs.backfill(tx, resourceId, now);
    });
    expect(await wanted(resourceId)).toEqual([{ entry_key: coming.bookingId, version: 1 }]);
  });

  it('never misses a booking recorded while its resource is being connected', async () => {
    const resourceId = randomUUID();
    const recorded = booking(resourceId);
    // The consumer's transaction records the booking and commits only once the connect is
    // waiting for the resource's lock.
    let recordedYet!: () => void;
    let commit!: () => void;
    const inTransaction = new Promise<void>((resolve) => (recordedYet = resolve));
    const connectWaits = new Promise<void>((resolve) => (commit = resolve));
    const consumer = withTransaction(db.pool, async (tx) => {
      await syncs.lockResource(tx, resourceId);
      await snapshots.saveSnapshot(tx, recorded, now);
      await syncs.want(tx, { ...recorded, resourceId }, now);
      recordedYet();
      await connectWaits;
    });
    await inTransaction;
    const connecting = withTransaction(db.pool, async (tx) => {
      await syncs.lockResource(tx, resourceId);
      await connect(tx, resourceId);
      await syncs.backfill(tx, resourceId, now);
    });
    await expectEventually(async () => {
      const { rows } = await db.pool.query<{ waiting: number }>(
        `SELECT count(*)::int AS waiting FROM pg_stat_activity
         WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      expect(rows[0]!.waiting).toBe(1);
    });
    commit();
    await Promise.all([consumer, connecting]);
    expect(await wanted(resourceId)).toEqual([{ entry_key: recorded.bookingId, version: 1 }]);
  });
});
