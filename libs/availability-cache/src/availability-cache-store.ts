import type Redis from 'ioredis';
import type { AvailabilityQuery } from '@booking/contracts';

// A Lua nil would cut the reply short; `or false` keeps a missing page as a nil element.
const READ_UNLESS_HELD = `
local version = redis.call('GET', KEYS[1]) or '0'
if version == ARGV[3] then return { version } end
local key = ARGV[1] .. version .. ARGV[2]
return { version, redis.call('GET', key) or false, redis.call('PTTL', key) }`;

// A page is stored only under the city's current version. One computed across a booking change
// would never be read (its version is gone), and in a busy city most are: they no longer take
// Redis memory for 60 s. Nor can a version that is not yet current be given a page in advance.
const WRITE_IF_CURRENT = `
if (redis.call('GET', KEYS[1]) or '0') ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[2], ARGV[2], 'EX', ARGV[3])
return 1`;

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

/** The script as a command of the connection (EVALSHA), in its Buffer form: the page stays bytes. */
interface ScriptCommands {
  readPageUnlessHeldBuffer(...args: string[]): Promise<unknown>;
  writePageIfCurrent(...args: (string | Buffer)[]): Promise<number>;
}

/**
 * The search cache's keys, shared by the booking service (which fills and invalidates it) and the
 * gateway (which answers hits without a hop). Every key of a city carries the city's version; a
 * booking change bumps it, so stale pages are never read again and expire within 60 s. The city
 * is a hash tag, so a city's keys share a Redis Cluster slot and one script can read them.
 */
export class AvailabilityCacheStore {
  constructor(private readonly redis: Redis) {
    redis.defineCommand('readPageUnlessHeld', { numberOfKeys: 1, lua: READ_UNLESS_HELD });
    redis.defineCommand('writePageIfCurrent', { numberOfKeys: 2, lua: WRITE_IF_CURRENT });
  }

  /**
   * One round trip: the city's version now and, unless the caller holds a copy read under that
   * version (`heldVersion`), the page cached under it, as bytes, with the milliseconds it has left
   * (null: none). A page computed after a miss is written under this version: if a booking bumps
   * it meanwhile, the entry is never read, so a page can never outlive the change that made it stale.
   */
  async read(
    city: string,
    parts: string[],
    heldVersion?: string,
  ): Promise<{ version: string; page?: { body: Buffer; ttlMs: number } | null }> {
    const tag = this.tag(city);
    // ioredis prefixes KEYS but not ARGV: the page key built in the script needs the prefix by hand.
    const prefix = this.redis.options.keyPrefix ?? '';
    const reply = (await (this.redis as Redis & ScriptCommands).readPageUnlessHeldBuffer(
      `${tag}:version`,
      `${prefix}${tag}:v`,
      `:${parts.join(':')}`,
      heldVersion ?? '',
    )) as [Buffer] | [Buffer, Buffer | null, number];
    const version = reply[0].toString();
    if (reply.length === 1) return { version };
    const [, body, ttlMs] = reply;
    return { version, page: body === null || ttlMs <= 0 ? null : { body, ttlMs } };
  }

  /** Stores the page under `version` if that is still the city's version; true when stored. */
  async write(city: string, version: string, parts: string[], json: string | Buffer): Promise<boolean> {
    const tag = this.tag(city);
    const stored = await (this.redis as Redis & ScriptCommands).writePageIfCurrent(
      `${tag}:version`,
      `${tag}:v${version}:${parts.join(':')}`,
      version,
      json,
      String(TTL_SECONDS),
    );
    return stored === 1;
  }

  async invalidate(city: string): Promise<void> {
    await this.redis.incr(`${this.tag(city)}:version`);
  }

  private tag(city: string): string {
    return `avail:{${encodeURIComponent(city)}}`;
  }
}
