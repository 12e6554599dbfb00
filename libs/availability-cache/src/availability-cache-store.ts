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
return redis.call('GET', ARGV[1] .. version .. ARGV[2])`;

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

  /** The cached page as JSON text, or null. */
  async read(city: string, parts: string[]): Promise<string | null> {
    const tag = this.tag(city);
    // ioredis prefixes KEYS but not ARGV: the page key built in the script needs the prefix by hand.
    const prefix = this.redis.options.keyPrefix ?? '';
    return (await this.redis.eval(READ, 1, `${tag}:version`, `${prefix}${tag}:v`, `:${parts.join(':')}`)) as
      string | null;
  }

  /** Writes under the version read now: a bump between compute and write only wastes the entry. */
  async write(city: string, parts: string[], json: string): Promise<void> {
    const tag = this.tag(city);
    const version = (await this.redis.get(`${tag}:version`)) ?? '0';
    await this.redis.set(`${tag}:v${version}:${parts.join(':')}`, json, 'EX', TTL_SECONDS);
  }

  async invalidate(city: string): Promise<void> {
    await this.redis.incr(`${this.tag(city)}:version`);
  }

  private tag(city: string): string {
    return `avail:{${encodeURIComponent(city)}}`;
  }
}
