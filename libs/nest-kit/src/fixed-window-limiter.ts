import type Redis from 'ioredis';
import { DomainError } from '@booking/contracts';

/**
 * Adds an admitted attempt's weight, or 1 for a refused one (hammering counts too), and starts the
 * window's expiry on its first attempt: atomic on the server, shared by every instance. Answers
 * whether it was admitted and the seconds left in the window.
 */
const CONSUME = `
local weight = tonumber(ARGV[2])
local admitted = tonumber(redis.call('GET', KEYS[1]) or '0') + weight <= tonumber(ARGV[3])
redis.call('INCRBY', KEYS[1], admitted and weight or 1)
if redis.call('TTL', KEYS[1]) == -1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return { admitted and 1 or 0, redis.call('TTL', KEYS[1]) }`;

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

  /**
   * Counts `weight` attempts at once (a series, by the bookings it holds). One heavier than the
   * whole limit can never pass: 422 `over_hold_limit`, not a 429 that waiting would not cure.
   */
  async consume(key: string, weight = 1): Promise<void> {
    if (weight > this.limit.attempts)
      throw new DomainError(
        'over_hold_limit',
        `This counts as ${weight} ${this.what}; at most ${this.limit.attempts} are allowed in ${windowText(this.limit.windowSeconds)}.`,
        { limit: this.limit.attempts, counted: weight },
      );
    const [admitted, ttl] = (await this.redis
      .eval(CONSUME, 1, `${this.what}:${key}`, this.limit.windowSeconds, weight, this.limit.attempts)
      .catch(() => {
        throw new DomainError(
          'service_unavailable',
          `${capitalised(this.what)} cannot be counted against the rate limit right now; try again shortly.`,
          {},
          { 'retry-after': '1' },
        );
      })) as [number, number];
    if (admitted === 0) {
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
