/** A port of the use cases; `RedisAvailabilityCache` implements it with Redis. */
export abstract class AvailabilityCache {
  /**
   * The page as JSON bytes: cached bytes as they are, or the computed text encoded once, then
   * stored and sent as the same bytes.
   */
  abstract getOrCompute(city: string, parts: string[], compute: () => Promise<string>): Promise<Buffer>;
  abstract invalidate(cities: Iterable<string>): Promise<void>;
}
