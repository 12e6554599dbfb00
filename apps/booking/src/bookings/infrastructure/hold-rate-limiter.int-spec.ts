import { setTimeout as sleep } from 'node:timers/promises';
import { createServer, type Server, type Socket } from 'node:net';
import Redis from 'ioredis';
import { DomainError } from '@booking/contracts';
import { redisOptions } from '@booking/nest-kit';
import { testRun, uniqueName } from '@booking/testing';
import type { BookingConfig } from '../../booking-config';
import { RedisHoldRateLimiter } from './hold-rate-limiter';

const limits = { HOLD_RATE_LIMIT: 3, HOLD_RATE_WINDOW_SECONDS: 900 } as BookingConfig;
const options = { REDIS_KEY_PREFIX: `${uniqueName('limiter')}:`, REDIS_COMMAND_TIMEOUT_MS: 200 };

async function refusalOf(consume: Promise<void>): Promise<DomainError | undefined> {
  try {
    await consume;
    return undefined;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
}

describe('RedisHoldRateLimiter (real Redis)', () => {
  it('admits three attempts per window and answers the fourth 429 with Retry-After', async () => {
    const redis = new Redis(testRun().redisUrl, redisOptions(options));
    // Without an offline queue, a command sent before the connection is ready fails at once.
    await new Promise((resolve) => redis.once('ready', resolve));
    const limiter = new RedisHoldRateLimiter(redis, limits);
    for (let attempt = 0; attempt < 3; attempt++) await limiter.consume('c-1', 1);
    const refused = await refusalOf(limiter.consume('c-1', 1));
    expect(refused?.code).toBe('rate_limited');
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(890);
    expect(await refusalOf(limiter.consume('c-2', 1))).toBeUndefined();
    redis.disconnect();
  });

  it('counts a series by the bookings it holds, and a refused one as a single attempt', async () => {
    const redis = await connected();
    const limiter = new RedisHoldRateLimiter(redis, limits);
    expect(await refusalOf(limiter.consume('c-weight', 1))).toBeUndefined();
    // 1 + 3 is over 3: refused, with the wait, and counted as one attempt (now 2).
    const refused = await refusalOf(limiter.consume('c-weight', 3));
    expect(refused?.code).toBe('rate_limited');
    expect(refused?.extensions['retryAfterSeconds']).toBeGreaterThan(890);
    expect(refused?.headers['retry-after']).toBe(String(refused?.extensions['retryAfterSeconds']));
    expect(await refusalOf(limiter.consume('c-weight', 1))).toBeUndefined();
    expect((await refusalOf(limiter.consume('c-weight', 1)))?.code).toBe('rate_limited');
    redis.disconnect();
  });

  it('refuses at once, 422 over_hold_limit, what holds more than the whole limit', async () => {
    const redis = await connected();
    const refused = await refusalOf(new RedisHoldRateLimiter(redis, limits).consume('c-heavy', 168));
    expect(refused?.code).toBe('over_hold_limit');
    expect(refused?.extensions).toEqual({ limit: 3, counted: 168 });
    // Nothing was counted: a single hold still passes.
    expect(await refusalOf(new RedisHoldRateLimiter(redis, limits).consume('c-heavy', 1))).toBeUndefined();
    redis.disconnect();
  });

  /** A client on the test Redis, once it is ready (commands before that fail: no offline queue). */
  async function connected(): Promise<Redis> {
    const redis = new Redis(testRun().redisUrl, redisOptions(options));
    await new Promise((resolve) => redis.once('ready', resolve));
    return redis;
  }

  it('counts attempts racing on five connections exactly: of ten at once, three pass', async () => {
    const clients = await Promise.all(Array.from({ length: 5 }, connected));
    const limiters = clients.map((client) => new RedisHoldRateLimiter(client, limits));
    const refusals = await Promise.all(
      Array.from({ length: 10 }, (_, i) => refusalOf(limiters[i % 5]!.consume('c-race', 1))),
    );
    expect(refusals.filter((refused) => refused === undefined)).toHaveLength(3);
    expect(refusals.filter((refused) => refused?.code === 'rate_limited')).toHaveLength(7);
    for (const client of clients) client.disconnect();
  });

  it('starts a new window once the last one has run out', async () => {
    const redis = await connected();
    const limiter = new RedisHoldRateLimiter(redis, {
      HOLD_RATE_LIMIT: 1,
      HOLD_RATE_WINDOW_SECONDS: 1,
    } as BookingConfig);
    expect(await refusalOf(limiter.consume('c-window', 1))).toBeUndefined();
    expect((await refusalOf(limiter.consume('c-window', 1)))?.headers['retry-after']).toBe('1');
    // Redis drops the counter at its TTL; the wait is the window itself, not a guess.
    await sleep(1_100);
    expect(await refusalOf(limiter.consume('c-window', 1))).toBeUndefined();
    redis.disconnect();
  });

  describe('when Redis does not answer', () => {
    let silent: Server;
    let port: number;
    const sockets: Socket[] = [];
    beforeAll(async () => {
      // Accepts connections and never replies: a Redis that hangs, not one that refuses.
      silent = createServer((socket) => sockets.push(socket));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      port = (silent.address() as { port: number }).port;
    });
    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    });

    it('fails closed with 503 service_unavailable within the command timeout', async () => {
      const redis = new Redis(`redis://127.0.0.1:${port}`, {
        ...redisOptions(options),
        enableReadyCheck: false,
      });
      redis.on('error', () => undefined);
      await new Promise((resolve) => redis.once('connect', resolve));
      const limiter = new RedisHoldRateLimiter(redis, limits);
      const started = performance.now();
      const refused = await refusalOf(limiter.consume('c-1', 1));
      expect(refused?.code).toBe('service_unavailable');
      expect(refused?.headers['retry-after']).toBe('1');
      expect(performance.now() - started).toBeLessThan(2_000);
      redis.disconnect();
    });

    it('fails closed at once when Redis is not connected at all', async () => {
      const redis = new Redis('redis://127.0.0.1:1', { ...redisOptions(options), retryStrategy: () => null });
      redis.on('error', () => undefined);
      const refused = await refusalOf(new RedisHoldRateLimiter(redis, limits).consume('c-1', 1));
      expect(refused?.code).toBe('service_unavailable');
      redis.disconnect();
    });
  });
});
