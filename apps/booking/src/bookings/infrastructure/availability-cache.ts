import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { AvailabilityCacheStore } from '@booking/availability-cache';
import { LOGGER, REDIS, type JsonLogger } from '@booking/nest-kit';
import { AvailabilityCache } from '../application/ports/availability-cache';

/**
 * A cache, never the truth: search pages per (city, kind, period, page) for at most 60 s. When
 * Redis is away, searches go to the database and changes are not invalidated, which leaves
 * results at most 60 s stale, as the contract allows.
 */
@Injectable()
export class RedisAvailabilityCache implements AvailabilityCache {
  private readonly store: AvailabilityCacheStore;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(LOGGER) private readonly logger: JsonLogger,
  ) {
    this.store = new AvailabilityCacheStore(redis);
  }

  /**
   * The page as JSON bytes: cached bytes as they are, or the computed text encoded once, then
   * stored and sent as the same bytes.
   */
  async getOrCompute(city: string, parts: string[], compute: () => Promise<string>): Promise<Buffer> {
    let version: string;
    try {
      const cached = await this.store.read(city, parts);
      if (cached.page) return cached.page.body;
      version = cached.version;
    } catch (error) {
      this.logger.event('warn', 'availability cache unavailable', { error: String(error) });
      return Buffer.from(await compute());
    }
    const json = Buffer.from(await compute());
    await this.store.write(city, version, parts, json).catch(() => undefined);
    return json;
  }

  async invalidate(cities: Iterable<string>): Promise<void> {
    for (const city of new Set(cities)) {
      await this.store.invalidate(city).catch((error: unknown) => {
        this.logger.event('warn', 'availability cache not invalidated', { city, error: String(error) });
      });
    }
  }
}
