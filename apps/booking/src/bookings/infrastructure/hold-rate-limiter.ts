import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { DomainError } from '@booking/contracts';
import { REDIS, SERVICE_CONFIG } from '@booking/nest-kit';
import type { BookingConfig } from '../../booking-config';

/** INCR and, on the first attempt of a window, EXPIRE: atomic on the server, shared by every instance. */
const CONSUME = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('TTL', KEYS[1]) }`;

export interface RateLimit {
  attempts: number;
  windowSeconds: number;
}

/** At most `attempts` hold attempts per customer per window (3 per 15 minutes by default). */
@Injectable()
export class HoldRateLimiter {
  private readonly limit: RateLimit;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_CONFIG) config: BookingConfig,
  ) {
    this.limit = { attempts: config.HOLD_RATE_LIMIT, windowSeconds: config.HOLD_RATE_WINDOW_SECONDS };
  }

  async consume(customerId: string): Promise<void> {
    const [count, ttl] = (await this.redis
      .eval(CONSUME, 1, `holds:${customerId}`, this.limit.windowSeconds)
      .catch(() => {
        // Closed, not open: without the limit one client could hold a whole fleet while Redis is away.
        throw new DomainError(
          'service_unavailable',
          'Holds cannot be counted against the rate limit right now; try again shortly.',
          {},
          { 'retry-after': '1' },
        );
      })) as [number, number];
    if (count > this.limit.attempts) {
      const retryAfter = Math.max(1, ttl);
      throw new DomainError(
        'rate_limited',
        `At most ${this.limit.attempts} holds in ${this.limit.windowSeconds / 60} minutes; try again in ${retryAfter} s.`,
        { retryAfterSeconds: retryAfter },
        { 'retry-after': String(retryAfter) },
      );
    }
  }
}
