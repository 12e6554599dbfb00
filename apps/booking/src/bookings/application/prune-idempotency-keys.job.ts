import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, PeriodicJob } from '@booking/nest-kit';
import type { Clock } from '@booking/time';
import { IdempotencyStore } from './ports/idempotency-store';

const HOURLY = 3_600_000;

/** Keys are answered for 24 h; after that their rows only take space. */
@Injectable()
export class PruneIdempotencyKeysJob extends PeriodicJob {
  protected readonly name = 'idempotency key pruning';

  constructor(
    private readonly store: IdempotencyStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    super();
  }

  protected intervalMs(): number {
    return HOURLY;
  }

  runOnce(): Promise<unknown> {
    return this.store.prune(this.clock.now());
  }
}
