import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { withTransaction, type TransactionClient } from '@booking/db';
import type { Clock } from '@booking/time';
import { PeriodicJob } from './periodic-job';
import { CLOCK, PG_POOL } from './tokens';

const BATCH = 20;

/**
 * Work done outside any transaction, such as a call to a provider: each run claims what is due
 * in one short transaction (leased until the injected clock's now + `leaseMs()`, so that another
 * instance can tell a crashed attempt), then attempts the batch at once, until less than a full
 * batch was due or shutdown began (under steady traffic a backlog may never fall below a batch,
 * and shutdown waits only for the round in hand).
 */
@Injectable()
export abstract class LeasedBatchJob<T> extends PeriodicJob {
  @Inject(PG_POOL) protected readonly pool!: Pool;
  @Inject(CLOCK) protected readonly clock!: Clock;

  protected abstract leaseMs(): number;
  protected abstract claim(tx: TransactionClient, now: Date, leaseUntil: Date, limit: number): Promise<T[]>;
  protected abstract attempt(item: T): Promise<void>;

  /** Runs before each round of claims, e.g. to settle what crashed attempts left. */
  protected async beforeRun(): Promise<void> {}

  /** Attempts everything due now; resolves with how many attempts were made. */
  async runOnce(): Promise<number> {
    await this.beforeRun();
    let total = 0;
    for (;;) {
      const now = this.clock.now();
      const leaseUntil = new Date(now.getTime() + this.leaseMs());
      const claimed = await withTransaction(this.pool, (tx) => this.claim(tx, now, leaseUntil, BATCH));
      await Promise.all(claimed.map((item) => this.attempt(item)));
      total += claimed.length;
      if (claimed.length < BATCH || this.shuttingDown) return total;
    }
  }
}
