import { DomainError } from '@booking/contracts';
import { expectEventually, type TestDatabase } from '@booking/testing';
import { bookingDatabase } from '../../../test/booking-database';
import { PgIdempotencyStore } from './idempotency-store';
import { fingerprintOf } from '../application/ports/idempotency-store';

interface Made {
  kind: 'made';
  at: Date;
  n: number;
}

describe('PgIdempotencyStore on PostgreSQL', () => {
  let db: TestDatabase;
  let store: PgIdempotencyStore;
  let keys = 0;

  beforeAll(async () => {
    db = await bookingDatabase('idempotency');
    store = new PgIdempotencyStore(db.pool);
  });
  afterAll(() => db.drop());

  const now = new Date('2027-03-01T09:00:00Z');
  const scope = (body: unknown = { resourceId: 'r-1' }, at = now) => ({
    customerId: 'customer-1',
    key: `key-${keys}`,
    fingerprint: fingerprintOf(body),
    now: at,
  });
  beforeEach(() => {
    keys += 1;
  });

  /** Counts its admissions and its work; the work writes a row, so a rollback shows. */
  function steps(outcome: Made, gate?: Promise<void>) {
    const calls = { admitted: 0, worked: 0 };
    return {
      calls,
      steps: {
        admit: async () => {
          calls.admitted += 1;
        },
        work: async () => {
          calls.worked += 1;
          await gate;
          return outcome;
        },
      },
    };
  }
  const codeOf = (error: unknown) => (error instanceof DomainError ? error.code : error);
  const rowCount = async () =>
    (await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM idempotency_key')).rows[0]!.n;

  it('runs the work once and replays its outcome, dates and all, without admitting it again', async () => {
    const outcome: Made = { kind: 'made', at: new Date('2027-03-01T09:00:01Z'), n: 7 };
    const first = steps(outcome);
    expect(await store.run(scope(), first.steps)).toEqual({ outcome, replayed: false });
    const again = steps({ kind: 'made', at: new Date(0), n: 0 });
    const replay = await store.run<Made>(scope(), again.steps);
    expect(replay).toEqual({ outcome, replayed: true });
    expect(replay.outcome.at).toBeInstanceOf(Date);
    expect(again.calls).toEqual({ admitted: 0, worked: 0 });
    expect(await store.findReplay<Made>(scope())).toEqual({ outcome, replayed: true });
  });

  it('refuses the key with another body (422), and keeps the first answer', async () => {
    await store.run(scope({ resourceId: 'r-1' }), steps({ kind: 'made', at: now, n: 1 }).steps);
    const other = steps({ kind: 'made', at: now, n: 2 });
    expect(await store.run(scope({ resourceId: 'r-2' }), other.steps).catch(codeOf)).toBe(
      'idempotency_key_reused',
    );
    expect(other.calls.worked).toBe(0);
    // The same body in another key order is the same request.
    const reordered = await store.run<Made>(
      scope({ resourceId: 'r-1' }),
      steps({ kind: 'made', at: now, n: 3 }).steps,
    );
    expect(reordered.outcome.n).toBe(1);
  });

  it('answers a duplicate that arrives while the first still runs with 409, at once', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const running = steps({ kind: 'made', at: now, n: 1 }, gate);
    const first = store.run(scope(), running.steps);
    // The first holds the key's advisory lock once its work has begun.
    await expectEventually(() => expect(running.calls.worked).toBe(1));
    const duplicate = steps({ kind: 'made', at: now, n: 2 });
    const startedAt = Date.now();
    expect(await store.run(scope(), duplicate.steps).catch(codeOf)).toBe('idempotency_key_in_progress');
    expect(Date.now() - startedAt).toBeLessThan(1_000);
    expect(duplicate.calls).toEqual({ admitted: 0, worked: 0 });
    release();
    expect((await first).replayed).toBe(false);
  });

  it('keeps no key when the work fails, so a retry runs it', async () => {
    const before = await rowCount();
    const failing = {
      admit: async () => undefined,
      work: async (): Promise<Made> => {
        throw new Error('provider down');
      },
    };
    await expect(store.run(scope(), failing)).rejects.toThrow('provider down');
    expect(await rowCount()).toBe(before);
    const retry = steps({ kind: 'made', at: now, n: 4 });
    expect((await store.run(scope(), retry.steps)).replayed).toBe(false);
    expect(retry.calls.worked).toBe(1);
  });

  it('forgets a key after 24 hours: the request is new again, and prune removes the row', async () => {
    await store.run(scope(), steps({ kind: 'made', at: now, n: 5 }).steps);
    const dayLater = new Date(now.getTime() + 24 * 3_600_000 + 1);
    expect(await store.findReplay(scope(undefined, dayLater))).toBeUndefined();
    const removed = await store.prune(dayLater);
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await store.findReplay(scope())).toBeUndefined();
  });
});
