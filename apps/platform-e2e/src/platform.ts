import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { parseConfig } from '@booking/config';
import type { Kafka } from 'kafkajs';
import type { Pool } from 'pg';
import { PROVISIONED_TOPICS, topicNames, type TopicNames } from '@booking/contracts';
import { createPool, databaseUrl as urlOfDatabase } from '@booking/db';
import { createKafka, ensureTopics } from '@booking/kafka';
import { JsonLogger, listen, type PeriodicJob } from '@booking/nest-kit';
import { TEST_INTERNAL_JWT_SECRET, TEST_JWT_SECRET, testRun, uniqueName } from '@booking/testing';
import { ManualClock } from '@booking/time';
import { createGatewayApp, gatewayConfigSchema } from '@booking/app-api-gateway';
import { freePort } from '@booking/local-infra';
import { bookingConfigSchema, createBookingApp } from '@booking/app-booking';
import { createNotificationApp, notificationConfigSchema } from '@booking/app-notification';
import { createPaymentApp, paymentConfigSchema } from '@booking/app-payment';
import { createRefundApp, refundConfigSchema } from '@booking/app-refund';
import { MessagingSandbox } from '@booking/app-messaging-sandbox';
import { SandboxProvider } from '@booking/app-payment-sandbox';
import { GoogleSandbox } from '@booking/app-google-sandbox';

/** The services with a database (and an outbox) of their own. */
export const SERVICES_WITH_A_DATABASE = ['booking', 'payment', 'refund', 'notification'] as const;
export type ServiceName = (typeof SERVICES_WITH_A_DATABASE)[number];

export interface RunningPlatform {
  gatewayUrl: string;
  clock: ManualClock;
  /** Names of this platform's own databases, topics and keys. */
  prefix: string;
  kafka: Kafka;
  topics: TopicNames;
  /** The local payment provider the services are configured with, over HTTP. */
  sandbox: SandboxProvider;
  /** The local mail relay (SMTP) and SMS provider (HTTP) the notification service sends through. */
  messaging: MessagingSandbox;
  /** The local Google (OAuth and Calendar API) the notification service syncs calendars to. */
  google: GoogleSandbox;
  /** Each service's own address, for what the gateway does not route (metrics). */
  serviceUrls: Record<'booking' | 'payment' | 'refund' | 'notification', string>;
  /** The first instant at which the expiry job takes this hold: its expiry plus the payment grace. */
  expiryJobTakes(holdExpiresAt: string): Date;
  /** A pool on one service's own database, for asserting what was (not) written. */
  database(service: ServiceName): Pool;
  /** The event types a service's outbox holds for one subject, in the order they were written. */
  outboxTypes(service: ServiceName, subject: string): Promise<string[]>;
  /**
   * Runs one of a service's jobs once, after any run in progress, so that "nothing happened" is
   * an answer rather than a guess about how long to wait.
   */
  runJob(service: ServiceName, job: abstract new (...args: never[]) => PeriodicJob): Promise<void>;
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
    INTERNAL_JWT_SECRET: TEST_INTERNAL_JWT_SECRET,
    // Two test workers each run a platform of four pools on one PostgreSQL (max_connections 100).
    DB_POOL_WARM: '2',
    // Every test's client is 127.0.0.1: specs that test the address limit set their own.
    HOLD_ADDRESS_RATE_LIMIT: '1000000',
  };
}

/** The key the test platform's provider signs webhooks with, in the `whsec_` form. */
export const TEST_WEBHOOK_SECRET = `whsec_${Buffer.from('e2e-webhook-signing-key').toString('base64')}`;
const SANDBOX_API_KEY = 'sk_sandbox_e2e';

/**
 * Jobs poll often and retry soon, so tests wait milliseconds; retries are scheduled by the
 * platform's clock, which the tests move.
 */
const FAST_JOBS = {
  HOLD_EXPIRY_INTERVAL_MS: '100',
  NO_SHOW_INTERVAL_MS: '100',
  SERIES_MATERIALIZE_INTERVAL_MS: '100',
  REFUND_POLL_INTERVAL_MS: '50',
  REFUND_RETRY_BASE_MS: '100',
  REFUND_RETRY_MAX_MS: '1000',
  REFUND_LEASE_MS: '5000',
  PROVIDER_TIMEOUT_MS: '1000',
  NOTIFICATION_POLL_INTERVAL_MS: '50',
  NOTIFICATION_RETRY_BASE_MS: '100',
  NOTIFICATION_RETRY_MAX_MS: '1000',
  MESSAGE_TIMEOUT_MS: '2000',
  CALENDAR_SYNC_INTERVAL_MS: '50',
  CALENDAR_SYNC_RETRY_BASE_MS: '100',
  CALENDAR_SYNC_RETRY_MAX_MS: '1000',
  GOOGLE_TIMEOUT_MS: '2000',
};

/** The OAuth client the notification service is registered as at the Google stand-in. */
export const GOOGLE_CLIENT = {
  clientId: 'e2e-client.apps.googleusercontent.com',
  clientSecret: 'e2e-google-client-secret',
  // Not the test gateway's address (its port is chosen later): tests take the code from the redirect.
  redirectUris: ['http://127.0.0.1:3000/v1/calendar-connections/callback'],
};

const MESSAGING = {
  smtpUsername: 'e2e-notification',
  smtpPassword: 'e2e-smtp-password',
  smsApiKey: 'sms_e2e',
};

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
    PROVISIONED_TOPICS.map((topic) => `${prefix}.${topic}`),
    { numPartitions: 4, replicationFactor: 1 },
  );
  let gatewayUrl = '';
  const sandbox = await new SandboxProvider({
    port: 0,
    apiKey: SANDBOX_API_KEY,
    webhookUrl: () => `${gatewayUrl}/v1/payments/webhook`,
    webhookSecrets: [TEST_WEBHOOK_SECRET],
    clock,
  }).start();
  const messaging = await new MessagingSandbox({ smtpPort: 0, smsPort: 0, ...MESSAGING }).start();
  // A platform told to send Google's redirect elsewhere (the web app's page) has that address registered too.
  const redirectUris = [
    ...GOOGLE_CLIENT.redirectUris,
    options.env?.['GOOGLE_OAUTH_REDIRECT_URL'] ?? [],
  ].flat();
  const google = await new GoogleSandbox({
    port: 0,
    client: { ...GOOGLE_CLIENT, redirectUris },
    now: () => clock.now(),
  }).start();
  // Chosen now, so the booking service's payment links point at this platform's own gateway.
  const gatewayPort = await freePort();
  const shared = {
    ...serviceEnvironment(prefix),
    PAYMENT_CHECKOUT_URL: `http://127.0.0.1:${gatewayPort}/v1/payments/checkout/{bookingId}`,
    ...FAST_JOBS,
    SMTP_URL: messaging.smtpUrl,
    SMS_PROVIDER_URL: messaging.sms.url,
    SMS_API_KEY: MESSAGING.smsApiKey,
    SANDBOX_PROVIDER_URL: sandbox.url,
    SANDBOX_API_KEY,
    PAYMENT_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    GOOGLE_CLIENT_ID: GOOGLE_CLIENT.clientId,
    GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.clientSecret,
    GOOGLE_OAUTH_REDIRECT_URL: GOOGLE_CLIENT.redirectUris[0],
    GOOGLE_AUTH_URL: `${google.url}/o/oauth2/v2/auth`,
    GOOGLE_TOKEN_URL: `${google.url}/token`,
    GOOGLE_REVOKE_URL: `${google.url}/revoke`,
    GOOGLE_CALENDAR_API_URL: `${google.url}/`,
    ...options.env,
  };
  const apps: NestFastifyApplication[] = [];
  const appOf = new Map<string, NestFastifyApplication>();
  const started = async (created: Promise<{ app: NestFastifyApplication }>, service: string, port = 0) => {
    const { app } = await created;
    apps.push(app);
    appOf.set(service, app);
    return listen(app, port, quietLogger(service));
  };
  const bookingConfig = parseConfig(bookingConfigSchema, shared);
  const [booking, payment, refund, notification] = await Promise.all([
    started(createBookingApp(bookingConfig, { clock }, quietLogger('booking')), 'booking'),
    started(
      createPaymentApp(parseConfig(paymentConfigSchema, shared), { clock }, quietLogger('payment')),
      'payment',
    ),
    started(
      createRefundApp(parseConfig(refundConfigSchema, shared), { clock }, quietLogger('refund')),
      'refund',
    ),
    started(
      createNotificationApp(
        parseConfig(notificationConfigSchema, shared),
        { clock },
        quietLogger('notification'),
      ),
      'notification',
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
  gatewayUrl = await started(
    createGatewayApp(gatewayConfig, quietLogger('api-gateway')),
    'api-gateway',
    gatewayPort,
  );
  const pools = new Map<string, Pool>();
  const database = (service: ServiceName): Pool => {
    const existing = pools.get(service);
    if (existing) return existing;
    const pool = createPool(urlOfDatabase(databaseUrl, `${prefix}_${service}`), { max: 5 });
    pools.set(service, pool);
    return pool;
  };

  return {
    gatewayUrl,
    clock,
    prefix,
    kafka,
    sandbox,
    messaging,
    google,
    serviceUrls: { booking, payment, refund, notification },
    topics: topicNames(`${prefix}.`),
    expiryJobTakes: (holdExpiresAt) =>
      new Date(Date.parse(holdExpiresAt) + bookingConfig.HOLD_PAYMENT_GRACE_SECONDS * 1_000),
    database,
    async outboxTypes(service, subject) {
      const { rows } = await database(service).query<{ type: string }>(
        `SELECT payload->>'type' AS type FROM outbox WHERE payload->>'subject' = $1 ORDER BY id`,
        [subject],
      );
      return rows.map((row) => row.type);
    },
    runJob: (service, job) => appOf.get(service)!.get(job, { strict: false }).runNow(),
    request: (path, { json, headers, ...init } = {}) =>
      fetch(`${gatewayUrl}${path}`, {
        ...init,
        headers: { ...(json === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        body: json === undefined ? init.body : JSON.stringify(json),
      }),
    async stop() {
      await sandbox.stop();
      for (const app of apps.reverse()) await app.close();
      await messaging.stop();
      await google.stop();
      for (const pool of pools.values()) await pool.end();
    },
  };
}
