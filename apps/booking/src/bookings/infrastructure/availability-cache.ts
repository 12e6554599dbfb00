import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { LOGGER, REDIS, type JsonLogger } from '@booking/nest-kit';

/**
 * A cache, never the truth: search results per (city, kind, period, page) for at most 60 s. A
 * booking change in a city bumps that city's version, which every key includes, so stale pages
 * are never read again and simply expire. When Redis is away, searches go to the database.
 */
@Injectable()
export class AvailabilityCache {
  private readonly ttlSeconds = 60;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly logger: JsonLogger,
  ) {}

  async getOrCompute<T>(city: string, parts: string[], compute: () => Promise<T>): Promise<T> {
    let key: string | undefined;
    try {
      const version = (await this.redis.get(this.versionKey(city))) ?? '0';
      key = `avail:${encodeURIComponent(city)}:v${version}:${parts.map(encodeURIComponent).join(':')}`;
      const cached = await this.redis.get(key);
      if (cached !== null) return JSON.parse(cached) as T;
    } catch (error) {
      this.logger.event('warn', 'availability cache unavailable', { error: String(error) });
      return compute();
    }
    const value = await compute();
    await this.redis.set(key, JSON.stringify(value), 'EX', this.ttlSeconds).catch(() => undefined);
    return value;
  }

  async invalidate(cities: Iterable<string>): Promise<void> {
    for (const city of new Set(cities)) {
      await this.redis.incr(this.versionKey(city)).catch((error: unknown) => {
        // A missed bump leaves results at most 60 s stale, which the contract allows.
        this.logger.event('warn', 'availability cache not invalidated', { city, error: String(error) });
      });
    }
  }

  private versionKey(city: string): string {
    return `avail:${encodeURIComponent(city)}:version`;
  }
}
