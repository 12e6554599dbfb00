import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { parseConfig } from '@booking/config';
import type { Kafka } from 'kafkajs';
import type { Pool } from 'pg';
import { ALL_TOPICS, topicNames, type TopicNames } from '@booking/contracts';
import { createPool, databaseUrl as urlOfDatabase } from '@booking/db';
import { createKafka, ensureTopics } from '@booking/kafka';
import { JsonLogger } from '@booking/nest-kit';
import { TEST_JWT_SECRET, testRun, uniqueName } from '@booking/testing';
import { ManualClock } from '@booking/time';
import { createGatewayApp, gatewayConfigSchema } from '@booking/app-api-gateway';
import { bookingConfigSchema, createBookingApp } from '@booking/app-booking';
import { createNotificationApp, notificationConfigSchema } from '@booking/app-notification';
import { createPaymentApp, paymentConfigSchema } from '@booking/app-payment';
import { createRefundApp, refundConfigSchema } from '@booking/app-refund';

export interface RunningPlatform {
  gatewayUrl: string;
  clock: ManualClock;
  /** Names of this platform's own databases, topics and keys. */
  prefix: string;
  kafka: Kafka;
  topics: TopicNames;
  /** A pool on one service's own database, for asserting what was (not) written. */
  database(service: 'booking' | 'payment' | 'refund' | 'notification'): Pool;
  request(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  stop(): Promise<void>;
}

/** What every service of one test platform is configured with: its own databases, keys and topics. */
export function serviceEnvironment(prefix: string): Record<string, string> {
  const { databaseUrl, redisUrl, kafkaBrokers } = testRun();
  return {
    DATABASE_URL: databaseUrl,
    DATABASE_PREFIX: `${prefix}_`,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: `${prefix}:`,
    KAFKA_BROKERS: kafkaBrokers.join(','),
    KAFKA_TOPIC_PREFIX: `${prefix}.`,
    LOG_LEVEL: 'error',
  };
}

/** Silent unless a test is being debugged: the apps' JSON lines would drown jest's output. */
const quietLogger = (service: string) =>
  new JsonLogger(
    service,
    'error',
    process.env['E2E_LOGS'] ? (line) => process.stdout.write(line) : () => undefined,
  );

/**
 * The platform in this process, on free ports, with databases, topics and Redis keys of its own:
 * the gateway over real HTTP in front of the real services, PostgreSQL, Redis and Kafka.
 */
export async function startPlatform(
  options: { now?: string; env?: Record<string, string> } = {},
): Promise<RunningPlatform> {
  const { databaseUrl, kafkaBrokers } = testRun();
  const prefix = uniqueName('e2e');
  const clock = new ManualClock(options.now ?? new Date().toISOString());
  const kafka = createKafka({ brokers: kafkaBrokers, clientId: prefix, log: () => undefined });
  await ensureTopics(
    kafka,
    ALL_TOPICS.map((topic) => `${prefix}.${topic}`),
    { numPartitions: 4, replicationFactor: 1 },
  );
  const shared = { ...serviceEnvironment(prefix), HOLD_EXPIRY_INTERVAL_MS: '100', ...options.env };
  const apps: NestFastifyApplication[] = [];
  const started = async (created: Promise<{ app: NestFastifyApplication }>) => {
    const { app } = await created;
    apps.push(app);
    await app.listen(0, '127.0.0.1');
    return (await app.getUrl()).replace('[::1]', '127.0.0.1');
  };
  const [booking, payment, refund, notification] = await Promise.all([
    started(createBookingApp(parseConfig(bookingConfigSchema, shared), { clock }, quietLogger('booking'))),
    started(createPaymentApp(parseConfig(paymentConfigSchema, shared), { clock }, quietLogger('payment'))),
    started(createRefundApp(parseConfig(refundConfigSchema, shared), { clock }, quietLogger('refund'))),
    started(
      createNotificationApp(
        parseConfig(notificationConfigSchema, shared),
        { clock },
        quietLogger('notification'),
      ),
    ),
  ]);
  const gatewayConfig = parseConfig(gatewayConfigSchema, {
    ...shared,
    JWT_SECRET: TEST_JWT_SECRET,
    BOOKING_URL: booking,
    PAYMENT_URL: payment,
    REFUND_URL: refund,
    NOTIFICATION_URL: notification,
  });
  const gatewayUrl = await started(createGatewayApp(gatewayConfig, quietLogger('api-gateway')));
  const pools = new Map<string, Pool>();

  return {
    gatewayUrl,
    clock,
    prefix,
    kafka,
    topics: topicNames(`${prefix}.`),
    database(service) {
      const existing = pools.get(service);
      if (existing) return existing;
      const pool = createPool(urlOfDatabase(databaseUrl, `${prefix}_${service}`), { max: 5 });
      pools.set(service, pool);
      return pool;
    },
    request: (path, { json, headers, ...init } = {}) =>
      fetch(`${gatewayUrl}${path}`, {
        ...init,
        headers: { ...(json === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        body: json === undefined ? init.body : JSON.stringify(json),
      }),
    async stop() {
      for (const app of apps.reverse()) await app.close();
      for (const pool of pools.values()) await pool.end();
    },
  };
}
