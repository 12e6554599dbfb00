import {
  Global,
  Inject,
  Injectable,
  Module,
  type BeforeApplicationShutdown,
  type DynamicModule,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import Redis, { type RedisOptions } from 'ioredis';
import type { Kafka } from 'kafkajs';
import type { Pool } from 'pg';
import type { Registry } from 'prom-client';
import type { CommonConfig } from '@booking/config';
import { assertEventData, EVENT_SOURCES, topicNames } from '@booking/contracts';
import {
  createPool,
  warmPool,
  databaseUrl,
  timeoutOptions,
  ensureDatabase,
  runMigrations,
  type MigrationClass,
} from '@booking/db';
import { createKafka, KafkaPublisher, KafkaReadiness } from '@booking/kafka';
import { OutboxRelay, OutboxWriter } from '@booking/outbox';
import { systemClock, type Clock } from '@booking/time';
import { HealthModule } from './health.module';
import { describeError, JsonLogger } from './json-logger';
import { APP_GUARD } from '@nestjs/core';
import { METRICS, MetricsModule } from './metrics';
import { registerOutboxMetrics } from './outbox-metrics';
import { EventHandlersLifecycle } from './kafka-event-transport';
import { Readiness } from './readiness';
import { InternalCallerGuard } from './internal-caller.guard';
import { InternalTokens } from './internal-token';
import {
  CLOCK,
  KAFKA,
  LOGGER,
  OUTBOX_WRITER,
  PG_POOL,
  REDIS,
  SERVICE_CONFIG,
  SERVICE_NAME,
  TOPIC_NAMES,
} from './tokens';

export type ServiceName = keyof typeof EVENT_SOURCES;

export interface PlatformSettings {
  service: ServiceName;
  config: CommonConfig;
  migrations: MigrationClass[];
  redis?: boolean;
  clock?: Clock;
  logger?: JsonLogger;
}

/** The service's own database: created if missing and migrated before the pool is handed out. */
async function openDatabase(
  settings: PlatformSettings,
  logger: JsonLogger,
): Promise<{ pool: Pool; url: string }> {
  const name = `${settings.config.DATABASE_PREFIX}${settings.service}`;
  await ensureDatabase(settings.config.DATABASE_URL, name);
  const url = databaseUrl(settings.config.DATABASE_URL, name);
  const applied = await runMigrations(url, settings.migrations);
  if (applied.length > 0) logger.event('info', 'migrations applied', { database: name, applied });
  const { config } = settings;
  const timeouts = timeoutOptions({
    statementMs: config.DB_STATEMENT_TIMEOUT_MS,
    lockMs: config.DB_LOCK_TIMEOUT_MS,
    idleInTransactionMs: config.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  });
  const pool = createPool(url, { max: 10, ...timeouts });
  await warmPool(pool, config.DB_POOL_WARM);
  return { pool, url };
}

/**
 * Every Redis client of the platform: a command fails after REDIS_COMMAND_TIMEOUT_MS instead of
 * waiting in ioredis' offline queue (20 retries by default) while Redis is away, so a request
 * that needs Redis answers within that time and one that can do without it goes on without.
 */
export function redisOptions(
  config: Pick<CommonConfig, 'REDIS_KEY_PREFIX' | 'REDIS_COMMAND_TIMEOUT_MS'>,
): RedisOptions {
  return {
    keyPrefix: config.REDIS_KEY_PREFIX,
    commandTimeout: config.REDIS_COMMAND_TIMEOUT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    // Commands issued in the same tick by concurrent requests go out in one write.
    enableAutoPipelining: true,
  };
}

const DATABASE = Symbol('DATABASE');

/** Starts the outbox relay with the application and stops it before the pool closes. */
@Injectable()
class OutboxRelayLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private relay: OutboxRelay | undefined;
  private publisher: KafkaPublisher | undefined;

  constructor(
    @Inject(DATABASE) private readonly database: { pool: Pool; url: string },
    @Inject(KAFKA) private readonly kafka: Kafka,
    @Inject(LOGGER) private readonly logger: JsonLogger,
    @Inject(METRICS) private readonly metrics: Registry,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const published = registerOutboxMetrics(this.metrics, this.database.pool);
    this.publisher = new KafkaPublisher(this.kafka);
    this.relay = new OutboxRelay({
      pool: this.database.pool,
      databaseUrl: this.database.url,
      publisher: this.publisher,
      onPublished: published,
      onError: (error) => this.logger.event('warn', 'outbox relay: will retry', describeError(error)),
    });
    await this.relay.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.relay?.stop();
    await this.publisher?.disconnect().catch(() => undefined);
  }
}

/** Readiness checks for what every service needs, and closing them last on shutdown. */
@Injectable()
class PlatformLifecycle implements OnModuleInit, OnModuleDestroy, OnApplicationShutdown {
  private readonly kafkaReadiness: KafkaReadiness;

  constructor(
    private readonly readiness: Readiness,
    @Inject(SERVICE_CONFIG) private readonly config: CommonConfig,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(KAFKA) kafka: Kafka,
    @Inject(REDIS) private readonly redis: Redis | null,
  ) {
    this.kafkaReadiness = new KafkaReadiness(kafka);
  }

  onModuleInit(): void {
    this.readiness.register('database', () => this.pool.query('SELECT 1'));
    // Events wait in the outbox while Kafka is away; searches fall back to PostgreSQL without Redis.
    this.readiness.register('kafka', () => this.kafkaReadiness.check(), { gating: false });
    const redis = this.redis;
    if (redis) this.readiness.register('redis', () => redis.ping(), { gating: false });
  }

  onModuleDestroy(): Promise<void> {
    return this.readiness.drain(this.config.SHUTDOWN_DRAIN_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.kafkaReadiness.close().catch(() => undefined);
    this.redis?.disconnect();
    await this.pool.end();
  }
}

@Global()
@Module({})
export class PlatformModule {
  static forRoot(settings: PlatformSettings): DynamicModule {
    const logger = settings.logger ?? new JsonLogger(settings.service, settings.config.LOG_LEVEL);
    const clock = settings.clock ?? systemClock;
    return {
      module: PlatformModule,
      imports: [HealthModule, MetricsModule.forRoot(settings.service)],
      providers: [
        { provide: SERVICE_CONFIG, useValue: settings.config },
        { provide: SERVICE_NAME, useValue: settings.service },
        { provide: InternalTokens, useValue: new InternalTokens(settings.config.INTERNAL_JWT_SECRET) },
        { provide: APP_GUARD, useClass: InternalCallerGuard },
        { provide: LOGGER, useValue: logger },
        { provide: CLOCK, useValue: clock },
        { provide: TOPIC_NAMES, useValue: topicNames(settings.config.KAFKA_TOPIC_PREFIX) },
        { provide: DATABASE, useFactory: () => openDatabase(settings, logger) },
        { provide: PG_POOL, useFactory: (database: { pool: Pool }) => database.pool, inject: [DATABASE] },
        {
          provide: KAFKA,
          useFactory: () =>
            createKafka({
              brokers: settings.config.KAFKA_BROKERS,
              ssl: settings.config.KAFKA_SSL === 'true',
              ...(settings.config.KAFKA_SASL_MECHANISM
                ? {
                    sasl: {
                      mechanism: settings.config.KAFKA_SASL_MECHANISM,
                      username: settings.config.KAFKA_SASL_USERNAME,
                      password: settings.config.KAFKA_SASL_PASSWORD,
                    },
                  }
                : {}),
              clientId: settings.service,
              log: ({ level, message, ...fields }) =>
                logger.event(level === 'error' ? 'error' : 'warn', message, fields),
            }),
        },
        {
          provide: REDIS,
          useFactory: () =>
            settings.redis ? new Redis(settings.config.REDIS_URL, redisOptions(settings.config)) : null,
        },
        {
          provide: OUTBOX_WRITER,
          useFactory: () =>
            new OutboxWriter(EVENT_SOURCES[settings.service], () => clock.now(), assertEventData),
        },
        OutboxRelayLifecycle,
        PlatformLifecycle,
        EventHandlersLifecycle,
      ],
      exports: [SERVICE_CONFIG, LOGGER, CLOCK, TOPIC_NAMES, PG_POOL, KAFKA, REDIS, OUTBOX_WRITER],
    };
  }
}
