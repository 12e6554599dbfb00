import type Redis from 'ioredis';
import type { AvailabilityQuery } from '@booking/contracts';

/**
 * The search cache's keys, shared by the booking service (which fills and invalidates it) and the
 * gateway (which answers hits without a hop). Every key of a city carries the city's version; a
 * booking change bumps it, so stale pages are never read again and expire within 60 s. The city
 * is a hash tag, so a city's keys share a Redis Cluster slot and one script can read them.
 */
const READ = `
local version = redis.call('GET', KEYS[1]) or '0'
return { version, redis.call('GET', ARGV[1] .. version .. ARGV[2]) }`;

const TTL_SECONDS = 60;

/** The parts of a validated query that decide its answer, in a fixed order and form. */
export function availabilityCacheParts(query: AvailabilityQuery): string[] {
  return [
    query.kind,
    new Date(query.from).toISOString(),
    new Date(query.to).toISOString(),
    query.cursor ?? '',
    String(query.limit),
  ].map(encodeURIComponent);
}

export class AvailabilityCacheStore {
  constructor(private readonly redis: Redis) {}

  /**
   * The city's version now and the page cached under it (JSON text), or null. A page computed
   * after a miss is written under this version: if a booking bumps it meanwhile, the entry is
   * never read, so a page can never outlive the change that made it stale.
   */
  async read(city: string, parts: string[]): Promise<{ version: string; page: string | null }> {
    const tag = this.tag(city);
    // ioredis prefixes KEYS but not ARGV: the page key built in the script needs the prefix by hand.
    const prefix = this.redis.options.keyPrefix ?? '';
    const [version, page] = (await this.redis.eval(
      READ,
      1,
      `${tag}:version`,
      `${prefix}${tag}:v`,
      `:${parts.join(':')}`,
    )) as [string, string | null];
    return { version, page };
  }

  /** The key a city's page for `parts` has now: the city's current version is in it. */
  async currentKey(city: string, parts: string[]): Promise<string> {
    const version = (await this.redis.get(`${this.tag(city)}:version`)) ?? '0';
    return this.pageKey(city, version, parts);
  }

  /** The page under a key from `currentKey`, as bytes, with the milliseconds it has left. */
  async readBytes(key: string): Promise<{ body: Buffer; ttlMs: number } | null> {
    const replies = await this.redis.pipeline().getBuffer(key).pttl(key).exec();
    const [[, body], [, ttlMs]] = replies as [[unknown, Buffer | null], [unknown, number]];
    return body === null || ttlMs <= 0 ? null : { body, ttlMs };
  }

  async write(city: string, version: string, parts: string[], json: string): Promise<void> {
    await this.redis.set(this.pageKey(city, version, parts), json, 'EX', TTL_SECONDS);
  }

  async invalidate(city: string): Promise<void> {
    await this.redis.incr(`${this.tag(city)}:version`);
  }

  private pageKey(city: string, version: string, parts: string[]): string {
    return `${this.tag(city)}:v${version}:${parts.join(':')}`;
  }

  private tag(city: string): string {
    return `avail:{${encodeURIComponent(city)}}`;
  }
}
