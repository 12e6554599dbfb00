import type { Pool } from 'pg';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { ManualClock } from '@booking/time';
import { JsonLogger } from './json-logger';
import { LeasedBatchJob } from './leased-batch-job';

/** A pool whose transactions commit and do nothing: the job's own logic is what is tested. */
const committingPool = {
  connect: async () => ({ query: async () => ({ command: 'COMMIT', rows: [] }), release: () => undefined }),
} as unknown as Pool;

/** A backlog that never ends: every claim finds a full batch. */
class EndlessBacklogJob extends LeasedBatchJob<number> {
  protected readonly name = 'endless';
  claims = 0;
  onClaim: (claims: number) => void = () => undefined;

  constructor() {
    super();
    Object.assign(this, {
      logger: new JsonLogger('test', 'error'),
      pool: committingPool,
      clock: new ManualClock('2026-06-01T00:00:00Z'),
    });
  }

  protected intervalMs(): number {
    return 60_000;
  }

  protected leaseMs(): number {
    return 1_000;
  }

  protected async claim(): Promise<number[]> {
    // A bound of the test's own, so that a job that never stops fails here instead of hanging.
    if (this.claims === 100) throw new Error('still claiming');
    this.onClaim(++this.claims);
    return Array.from({ length: 20 }, (_, i) => i);
  }

  protected async attempt(): Promise<void> {
    await nextTurn();
  }
}

describe('a leased batch job over a backlog that never falls below a batch', () => {
  it('stops claiming once shutdown begins, after the round in hand', async () => {
    const job = new EndlessBacklogJob();
    let shutdown: Promise<void> | undefined;
    job.onClaim = (claims) => {
      if (claims === 3) shutdown = job.onApplicationShutdown();
    };
    const run = job.runNow();
    await run;
    await shutdown;
    expect(job.claims).toBe(3);
  });
});
