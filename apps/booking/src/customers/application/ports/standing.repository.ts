import type { Queryable } from '@booking/db';

/** A port of the use cases; `PgStandingRepository` implements it with PostgreSQL. */
export abstract class StandingRepository {
  /**
   * When the customer's counted no-shows happened, oldest first: those after `since` and after
   * the last reset. One statement, so that inside a hold's transaction it rides the pipeline.
   */
  abstract strikesOf(db: Queryable, customerId: string, since: Date): Promise<Date[]>;
  /** Everything before `at` stops counting. */
  abstract reset(db: Queryable, customerId: string, at: Date, by: string): Promise<void>;
}
