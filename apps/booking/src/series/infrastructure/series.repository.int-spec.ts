import { randomUUID } from 'node:crypto';
import { withTransaction } from '@booking/db';
import type { TestDatabase } from '@booking/testing';
import { parseRule } from '@booking/time';
import { bookingDatabase, savedResource } from '../../../test/booking-database';
import type { Resource } from '../../resources/domain/resource';
import type { Series } from '../domain/series';
import { PgSeriesRepository } from './series.repository';

describe('PgSeriesRepository on PostgreSQL', () => {
  let db: TestDatabase;
  let repository: PgSeriesRepository;
  let room: Resource;

  beforeAll(async () => {
    db = await bookingDatabase('series-repo');
    repository = new PgSeriesRepository(db.pool);
    room = await savedResource(db);
  });
  afterAll(() => db.drop());

  const created = new Date('2027-01-01T00:00:00Z');
  const aSeries = (overrides: Partial<Series> = {}): Series => ({
    seriesId: randomUUID(),
    resourceId: room.resourceId,
    customerId: 'customer-1',
    rrule: parseRule('FREQ=WEEKLY;BYDAY=WE').text,
    timeZone: 'Asia/Ho_Chi_Minh',
    startWall: { year: 2027, month: 1, day: 6, hour: 10, minute: 0, second: 0 },
    endWall: { year: 2027, month: 1, day: 6, hour: 11, minute: 0, second: 0 },
    onMissingDay: 'clamp',
    onNonexistent: 'reject',
    disambiguation: 'earlier',
    status: 'ACTIVE',
    heldUntil: new Date('2027-07-01T00:00:00Z'),
    cancelledRecurrences: [],
    conflicts: [],
    contact: { email: 'guest@example.com', locale: 'vi-VN' },
    version: 1,
    createdAt: created,
    updatedAt: created,
    ...overrides,
  });
  const insert = async (series: Series) => {
    await withTransaction(db.pool, (tx) => repository.insert(tx, series));
    return series;
  };

  it('reads back what it wrote, wall times and contact included', async () => {
    const series = await insert(aSeries());
    expect(await repository.findById(series.seriesId)).toEqual(series);
    expect(await repository.findById('not-a-uuid')).toBeUndefined();
  });

  it('shows a series to its customer, its resource’s host and admins only', async () => {
    const { seriesId } = await insert(aSeries());
    const seen = async (role: 'customer' | 'host' | 'admin', userId: string) =>
      (await repository.findVisible(seriesId, { role, userId })) !== undefined;
    expect(await seen('customer', 'customer-1')).toBe(true);
    expect(await seen('customer', 'customer-2')).toBe(false);
    expect(await seen('host', room.ownerId)).toBe(true);
    expect(await seen('host', 'another-host')).toBe(false);
    expect(await seen('admin', 'anyone')).toBe(true);
  });

  it('claims due active series once across two jobs, and raises the version on every change', async () => {
    const due = await Promise.all(
      Array.from({ length: 4 }, () => insert(aSeries({ heldUntil: new Date('2026-12-01T00:00:00Z') }))),
    );
    await insert(aSeries({ heldUntil: new Date('2026-12-01T00:00:00Z'), status: 'CANCELLED' }));
    const until = new Date('2027-01-01T00:00:00Z');
    const ids = new Set(due.map((series) => series.seriesId));
    // Each job keeps its claim until both have claimed: the second must skip the first's rows,
    // not wait for them (waiting would never let this barrier open, and the test time out).
    let arrived = 0;
    let open!: () => void;
    const bothClaimed = new Promise<void>((resolve) => (open = resolve));
    const claimed = await Promise.all(
      [0, 1].map(() =>
        withTransaction(db.pool, async (tx) => {
          const rows = await repository.claimDue(tx, until, 10);
          if (++arrived === 2) open();
          await bothClaimed;
          return rows.map((series) => series.seriesId).filter((id) => ids.has(id));
        }),
      ),
    );
    const all = claimed.flat();
    expect(all.sort()).toEqual([...ids].sort());
    const advanced = await withTransaction(db.pool, (tx) =>
      repository.advance(tx, due[0]!.seriesId, {
        heldUntil: new Date('2027-02-01T00:00:00Z'),
        newConflicts: [
          { recurrenceId: '20270113T030000Z', start: 'a', end: 'b', reason: 'slot_unavailable' },
        ],
        now: until,
        ended: true,
      }),
    );
    expect(advanced).toMatchObject({
      status: 'ENDED',
      version: 2,
      conflicts: [{ reason: 'slot_unavailable' }],
    });
  });

  it('records a cancelled occurrence once: the second cancel of it changes nothing', async () => {
    const { seriesId } = await insert(aSeries());
    const cancel = () =>
      withTransaction(db.pool, (tx) =>
        repository.addCancelledRecurrence(tx, seriesId, '20270113T030000Z', created),
      );
    expect((await cancel())?.cancelledRecurrences).toEqual(['20270113T030000Z']);
    expect(await cancel()).toBeUndefined();
    const cancelled = await withTransaction(db.pool, (tx) => repository.markCancelled(tx, seriesId, created));
    expect(cancelled).toMatchObject({ status: 'CANCELLED', version: 3 });
  });
});
