import type Redis from 'ioredis';
import { DomainError } from '@booking/contracts';

/** INCR and, on the first attempt of a window, EXPIRE: atomic on the server, shared by every instance. */
const CONSUME = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('TTL', KEYS[1]) }`;

export interface RateLimit {
  attempts: number;
  windowSeconds: number;
}

/**
 * At most `attempts` per key per fixed window, counted in Redis. Closed, not open, when Redis does
 * not answer: 503, because without the count one client could take what the limit protects.
 */
export class FixedWindowLimiter {
  constructor(
    private readonly redis: Redis,
    /** What is counted, for the key and the messages: "holds", "checkouts". */
    private readonly what: string,
    private readonly limit: RateLimit,
  ) {}

  async consume(key: string): Promise<void> {
    const [count, ttl] = (await this.redis
      .eval(CONSUME, 1, `${this.what}:${key}`, this.limit.windowSeconds)
      .catch(() => {
        throw new DomainError(
          'service_unavailable',
          `${capitalised(this.what)} cannot be counted against the rate limit right now; try again shortly.`,
          {},
          { 'retry-after': '1' },
        );
      })) as [number, number];
    if (count > this.limit.attempts) {
      const retryAfter = Math.max(1, ttl);
      throw new DomainError(
        'rate_limited',
        `At most ${this.limit.attempts} ${this.what} in ${windowText(this.limit.windowSeconds)}; try again in ${retryAfter} s.`,
        { retryAfterSeconds: retryAfter },
        { 'retry-after': String(retryAfter) },
      );
    }
  }
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function windowText(seconds: number): string {
  return seconds % 60 === 0 ? `${seconds / 60} minutes` : `${seconds} seconds`;
}
