/** A port of the use cases; `RedisHoldRateLimiter` implements it with Redis. */
export abstract class HoldRateLimiter {
  /** Counts `holds` bookings held at once against the customer's limit (a series, its occurrences). */
  abstract consume(customerId: string, holds: number): Promise<void>;
}
