import type { Pool } from 'pg';
import { withTransaction, type TransactionClient } from '@booking/db';

/**
 * Remembers which events a consumer has applied. `claim` runs in the same transaction as the
 * consumer's effect: the first delivery inserts the row and applies; a concurrent duplicate waits
 * on the row's unique key until the first commits, then sees it and applies nothing.
 */
export class Inbox {
  constructor(private readonly consumer: string) {}

  async claim(tx: TransactionClient, event: { id: string; type: string }): Promise<boolean> {
    const result = await tx.query(
      `INSERT INTO inbox (consumer, event_id, event_type) VALUES ($1, $2, $3)
       ON CONFLICT (consumer, event_id) DO NOTHING`,
      [this.consumer, event.id, event.type],
    );
    return result.rowCount === 1;
  }

  /**
   * Applies an event's effect at most once: the claim and the effect commit together, and a
   * delivery seen before resolves with `undefined` without running the effect.
   */
  async once<T>(
    pool: Pool,
    event: { id: string; type: string },
    effect: (tx: TransactionClient) => Promise<T>,
  ) {
    return withTransaction(pool, async (tx): Promise<T | undefined> =>
      (await this.claim(tx, event)) ? effect(tx) : undefined,
    );
  }
}
