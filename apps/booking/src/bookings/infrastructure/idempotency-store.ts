import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { DomainError } from '@booking/contracts';
import { withTransaction, type Queryable } from '@booking/db';
import { PG_POOL } from '@booking/nest-kit';
import { decodeOutcome, encodeOutcome } from './outcome-codec';
import {
  IdempotencyStore,
  type IdempotentSteps,
  type KeyScope,
  type Replayable,
} from '../application/ports/idempotency-store';

const KEPT_MS = 24 * 3_600_000;

interface KeyRow {
  fingerprint: string;
  outcome: unknown;
}

function readKey(db: Queryable, scope: KeyScope) {
  return db.query<KeyRow>(
    `SELECT fingerprint, outcome FROM idempotency_key
      WHERE customer_id = $1 AND key = $2 AND created_at > $3`,
    [scope.customerId, scope.key, new Date(scope.now.getTime() - KEPT_MS)],
  );
}

/** The stored outcome again, or 422 when the key came with another body. */
function replayOf<Outcome>(stored: KeyRow | undefined, fingerprint: string): Replayable<Outcome> | undefined {
  if (!stored) return undefined;
  if (stored.fingerprint !== fingerprint)
    throw new DomainError('idempotency_key_reused', 'This Idempotency-Key was used with another body.');
  return { outcome: decodeOutcome<Outcome>(stored.outcome), replayed: true };
}

/**
 * Runs `work` at most once per (customer, key) within 24 h. The key row, the booking and its
 * outbox event commit in one transaction. A transaction-level advisory lock on the key tells a
 * concurrent duplicate that the first is still running (409) instead of making it wait for the
 * first's answer (it waits only as long as `first`'s own row locks are held).
 */
@Injectable()
export class PgIdempotencyStore implements IdempotencyStore {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /**
   * Without a key: `admit`, then `work` (its first statement travelling with BEGIN). With one: the
   * key locked and read, then `admit` and `work` only if it is new and not in progress.
   */
  async run<Outcome>(
    scope: { customerId: string; key: string | undefined; fingerprint: string; now: Date },
    steps: IdempotentSteps<Outcome>,
  ): Promise<Replayable<Outcome>> {
    const { admit, work } = steps;
    let keyWritten: Promise<unknown> | undefined;
    if (scope.key === undefined) await admit();
    return withTransaction(this.pool, async (tx) => {
      const { key } = scope;
      if (key === undefined) return { outcome: await work(tx), replayed: false };
      // Issued together (one round trip on the pipelined pool). The lock and the read stay two
      // statements: the read's snapshot must be taken after the lock is held, or a duplicate whose
      // first request committed in between would find the lock free and the key row not yet visible.
      const lockTried = tx.query<{ ok: boolean }>(
        'SELECT pg_try_advisory_xact_lock(hashtextextended($1, 7)) AS ok',
        [`${scope.customerId}\n${key}`],
      );
      const keyRead = readKey(tx, { ...scope, key });
      const [{ rows: locked }, { rows }] = await Promise.all([lockTried, keyRead]);
      if (!locked[0]?.ok) {
        throw new DomainError(
          'idempotency_key_in_progress',
          'A request with this Idempotency-Key is still running.',
        );
      }
      const replay = replayOf<Outcome>(rows[0], scope.fingerprint);
      if (replay) return replay;
      // Only the key's advisory lock is held while the attempt is counted (Redis), no row lock yet.
      await admit();
      const outcome = await work(tx);
      // Not awaited before COMMIT: on the pipelined pool the key row travels with it. Should the
      // insert fail, COMMIT finds the transaction aborted and withTransaction throws; the key
      // row's own error is the one worth reporting.
      keyWritten = tx.query(
        `INSERT INTO idempotency_key (customer_id, key, fingerprint, outcome, created_at)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (customer_id, key) DO UPDATE SET fingerprint = $3, outcome = $4, created_at = $5`,
        [scope.customerId, key, scope.fingerprint, encodeOutcome(outcome), scope.now],
      );
      keyWritten.catch(() => undefined);
      return { outcome, replayed: false };
    }).catch(async (error: unknown) => {
      await keyWritten;
      throw error;
    });
  }

  /**
   * The stored answer for a key whose request has finished, read before any work or lock, so a
   * replay is answered without being validated or counted again.
   */
  async findReplay<Outcome>(scope: KeyScope): Promise<Replayable<Outcome> | undefined> {
    const { rows } = await readKey(this.pool, scope);
    return replayOf<Outcome>(rows[0], scope.fingerprint);
  }

  async prune(now: Date): Promise<number> {
    const result = await this.pool.query('DELETE FROM idempotency_key WHERE created_at <= $1', [
      new Date(now.getTime() - KEPT_MS),
    ]);
    return result.rowCount ?? 0;
  }
}
