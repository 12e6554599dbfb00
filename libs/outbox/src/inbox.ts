import type { TransactionClient } from '@booking/db';

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
}
