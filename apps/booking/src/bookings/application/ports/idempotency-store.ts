import { createHash } from 'node:crypto';
import type { TransactionClient } from '@booking/db';

/** A use case's outcome as the first request got it, and as every replay gets it again. */
export interface Replayable<Outcome> {
  outcome: Outcome;
  replayed: boolean;
}

export type KeyScope = { customerId: string; key: string; fingerprint: string; now: Date };

/** Canonical JSON (keys sorted), so that the same body sent with another key order matches. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function fingerprintOf(body: unknown): string {
  return createHash('sha256').update(canonical(body)).digest('hex');
}

/** What a keyed request does, in order: count it, then do its work in the key's transaction. */
export interface IdempotentSteps<Outcome> {
  /** Counts the attempt; awaited before any lock is taken, and never for a replay or a duplicate in progress. */
  admit: () => Promise<void>;
  work: (tx: TransactionClient) => Promise<Outcome>;
}

/** A port of the use cases; `PgIdempotencyStore` implements it with PostgreSQL. */
export abstract class IdempotencyStore {
  /**
   * Without a key: `admit`, then `work` (its first statement travelling with BEGIN). With one: the
   * key locked and read, then `admit` and `work` only if it is new and not in progress.
   */
  abstract run<Outcome>(
    scope: { customerId: string; key: string | undefined; fingerprint: string; now: Date },
    steps: IdempotentSteps<Outcome>,
  ): Promise<Replayable<Outcome>>;
  /**
   * The stored answer for a key whose request has finished, read before any work or lock, so a
   * replay is answered without being validated or counted again.
   */
  abstract findReplay<Outcome>(scope: KeyScope): Promise<Replayable<Outcome> | undefined>;
  abstract prune(now: Date): Promise<number>;
}
