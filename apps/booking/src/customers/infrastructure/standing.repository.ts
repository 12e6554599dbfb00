import { Injectable } from '@nestjs/common';
import type { Queryable } from '@booking/db';
import { StandingRepository } from '../application/ports/standing.repository';

@Injectable()
export class PgStandingRepository implements StandingRepository {
  /**
   * When the customer's counted no-shows happened, oldest first: those after `since` and after
   * the last reset. One statement, so that inside a hold's transaction it rides the pipeline.
   */
  async strikesOf(db: Queryable, customerId: string, since: Date): Promise<Date[]> {
    const { rows } = await db.query<{ strike_at: Date }>(
      `SELECT b.strike_at FROM booking b
        WHERE b.customer_id = $1 AND b.strike_at IS NOT NULL AND b.strike_at > $2
          AND b.strike_at > COALESCE((SELECT reset_at FROM customer_standing WHERE customer_id = $1), '-infinity')
        ORDER BY b.strike_at`,
      [customerId, since],
    );
    return rows.map((row) => row.strike_at);
  }

  /** Everything before `at` stops counting. */
  async reset(db: Queryable, customerId: string, at: Date, by: string): Promise<void> {
    await db.query(
      `INSERT INTO customer_standing (customer_id, reset_at, reset_by) VALUES ($1, $2, $3)
       ON CONFLICT (customer_id) DO UPDATE SET reset_at = EXCLUDED.reset_at, reset_by = EXCLUDED.reset_by`,
      [customerId, at, by],
    );
  }
}
