import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { FixedWindowLimiter, REDIS, SERVICE_CONFIG } from '@booking/nest-kit';
import type { BookingConfig } from '../../booking-config';
import { HoldRateLimiter } from '../application/ports/hold-rate-limiter';

/** At most `HOLD_RATE_LIMIT` bookings held per customer per window (3 per 15 minutes by default). */
@Injectable()
export class RedisHoldRateLimiter implements HoldRateLimiter {
  private readonly limiter: FixedWindowLimiter;

  constructor(@Inject(REDIS) redis: Redis, @Inject(SERVICE_CONFIG) config: BookingConfig) {
    this.limiter = new FixedWindowLimiter(redis, 'holds', {
      attempts: config.HOLD_RATE_LIMIT,
      windowSeconds: config.HOLD_RATE_WINDOW_SECONDS,
    });
  }

  consume(customerId: string, holds: number): Promise<void> {
    return this.limiter.consume(customerId, holds);
  }
}
