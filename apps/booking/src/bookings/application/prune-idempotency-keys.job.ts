import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CLOCK, LOGGER, describeError, type JsonLogger } from '@booking/nest-kit';
import type { Clock } from '@booking/time';
import { IdempotencyStore } from '../infrastructure/idempotency-store';

const HOURLY = 3_600_000;

/** Keys are answered for 24 h; after that their rows only take space. */
@Injectable()
export class PruneIdempotencyKeysJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: IdempotencyStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: JsonLogger,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.store
        .prune(this.clock.now())
        .catch((error: unknown) =>
          this.logger.event('warn', 'idempotency key pruning failed', describeError(error)),
        );
    }, HOURLY);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }
}
