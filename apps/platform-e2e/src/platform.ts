import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { parseConfig } from '@booking/config';
import { ALL_TOPICS } from '@booking/contracts';
import { createKafka, ensureTopics } from '@booking/kafka';
import { JsonLogger } from '@booking/nest-kit';
import { TEST_JWT_SECRET, testRun, uniqueName } from '@booking/testing';
import { ManualClock } from '@booking/time';
import { createGatewayApp, gatewayConfigSchema } from '@booking/app-api-gateway';
import { bookingConfigSchema, createBookingApp } from '@booking/app-booking';

export interface RunningPlatform {
  gatewayUrl: string;
  clock: ManualClock;
  /** Names of this platform's own databases, topics and keys. */
  prefix: string;
  request(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  stop(): Promise<void>;
}

/** Silent unless a test is being debugged: the apps' JSON lines would drown jest's output. */
const quietLogger = (service: string) =>
  new JsonLogger(service, 'error', process.env['E2E_LOGS'] ? (line) => process.stdout.write(line) : () => undefined);

/**
 * The platform in this process, on free ports, with databases, topics and Redis keys of its own:
 * the gateway over real HTTP in front of the real services, PostgreSQL, Redis and Kafka.
 */
export async function startPlatform(options: { now?: string } = {}): Promise<RunningPlatform> {
  const { databaseUrl, redisUrl, kafkaBrokers } = testRun();
  const prefix = uniqueName('e2e');
  const clock = new ManualClock(options.now ?? new Date().toISOString());
  const kafka = createKafka({ brokers: kafkaBrokers, clientId: prefix, log: () => undefined });
  await ensureTopics(kafka, ALL_TOPICS.map((topic) => `${prefix}.${topic}`), { numPartitions: 4, replicationFactor: 1 });
  const shared = {
    DATABASE_URL: databaseUrl,
    DATABASE_PREFIX: `${prefix}_`,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: `${prefix}:`,
    KAFKA_BROKERS: kafkaBrokers.join(','),
    KAFKA_TOPIC_PREFIX: `${prefix}.`,
    LOG_LEVEL: 'error',
  };
  const apps: NestFastifyApplication[] = [];
  const booking = await createBookingApp(parseConfig(bookingConfigSchema, shared), { clock }, quietLogger('booking'));
  apps.push(booking.app);
  await booking.app.listen(0, '127.0.0.1');
  const gatewayConfig = parseConfig(gatewayConfigSchema, {
    ...shared,
    JWT_SECRET: TEST_JWT_SECRET,
    BOOKING_URL: await booking.app.getUrl(),
  });
  const gateway = await createGatewayApp(gatewayConfig, quietLogger('api-gateway'));
  apps.push(gateway.app);
  await gateway.app.listen(0, '127.0.0.1');
  const gatewayUrl = (await gateway.app.getUrl()).replace('[::1]', '127.0.0.1');

  return {
    gatewayUrl,
    clock,
    prefix,
    request: (path, { json, headers, ...init } = {}) =>
      fetch(`${gatewayUrl}${path}`, {
        ...init,
        headers: { ...(json === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        body: json === undefined ? init.body : JSON.stringify(json),
      }),
    async stop() {
      for (const app of apps.reverse()) await app.close();
    },
  };
}
