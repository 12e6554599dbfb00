import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { AvailabilityCacheStore } from '@booking/availability-cache';
import { LOGGER, REDIS, type JsonLogger } from '@booking/nest-kit';

/**
 * A cache, never the truth: search pages per (city, kind, period, page) for at most 60 s. When
 * Redis is away, searches go to the database and changes are not invalidated, which leaves
 * results at most 60 s stale, as the contract allows.
 */
@Injectable()
export class AvailabilityCache {
  private readonly store: AvailabilityCacheStore;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(LOGGER) private readonly logger: JsonLogger,
  ) {
    this.store = new AvailabilityCacheStore(redis);
  }

  async getOrCompute<T>(city: string, parts: string[], compute: () => Promise<T>): Promise<T> {
    try {
      const cached = await this.store.read(city, parts);
      if (cached !== null) return JSON.parse(cached) as T;
    } catch (error) {
      this.logger.event('warn', 'availability cache unavailable', { error: String(error) });
      return compute();
    }
    const value = await compute();
    await this.store.write(city, parts, JSON.stringify(value)).catch(() => undefined);
    return value;
  }

  async invalidate(cities: Iterable<string>): Promise<void> {
    for (const city of new Set(cities)) {
      await this.store.invalidate(city).catch((error: unknown) => {
        this.logger.event('warn', 'availability cache not invalidated', { city, error: String(error) });
      });
    }
  }
}
