/** A port of the use cases; `RedisHoldRateLimiter` implements it with Redis. */
export abstract class HoldRateLimiter {
  abstract consume(customerId: string): Promise<void>;
}
