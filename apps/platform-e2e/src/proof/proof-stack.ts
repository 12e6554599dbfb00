import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Admin, Kafka } from 'kafkajs';
import type { Pool } from 'pg';
import { shutdownConfigSchema } from '@booking/config';
import { PROVISIONED_TOPICS, topicNames, type TopicNames } from '@booking/contracts';
import { createPool, databaseUrl } from '@booking/db';
import { createKafka, ensureTopics } from '@booking/kafka';
import { freePort, LocalKafkaCluster, LocalPostgresCluster, startRedisServer } from '@booking/local-infra';
import { TEST_INTERNAL_JWT_SECRET, TEST_JWT_SECRET } from '@booking/testing';
import { MessagingSandbox } from '@booking/app-messaging-sandbox';
import { SandboxProvider } from '@booking/app-payment-sandbox';
import { SERVICES_WITH_A_DATABASE, TEST_WEBHOOK_SECRET, type ServiceName } from '../platform';
import { ServiceProcess } from './service-process';

const SANDBOX_API_KEY = 'sk_sandbox_proof';
const MESSAGING = { smtpUsername: 'proof', smtpPassword: 'proof-smtp-password', smsApiKey: 'sms_proof' };

export interface ProofStackOptions {
  /** Instances of each service, and of the gateway. */
  instances: number;
  /** How long a SIGTERMed instance may take; what the graceful-shutdown scenario holds it to. */
  shutdownGraceMs?: number;
  /** Where the logs of every process go; a temporary folder, removed on stop, when not given. */
  logDir?: string;
}

/**
 * The whole platform as processes, the way it is deployed: several instances of every service
 * and of the gateway (which balances over the services' instances), with a PostgreSQL, a Redis
 * and a three-broker Kafka cluster of its own that a scenario may break, and the payment and
 * messaging stand-ins in this process, so that what reached "the provider" can be counted.
 */
export class ProofStack {
  readonly instances: ServiceProcess[] = [];
  readonly topics: TopicNames;
  private readonly pools = new Map<ServiceName, Pool>();
  private redisServer: ChildProcess | undefined;
  private lagAdmin: Admin | undefined;
  private turn = 0;

  private constructor(
    private readonly folder: string,
    readonly postgres: LocalPostgresCluster,
    readonly kafkaCluster: LocalKafkaCluster,
    readonly redisPort: number,
    readonly kafka: Kafka,
    readonly sandbox: SandboxProvider,
    readonly messaging: MessagingSandbox,
    readonly shutdownGraceMs: number,
  ) {
    this.topics = topicNames('');
  }

  static async start(options: ProofStackOptions): Promise<ProofStack> {
    const folder = mkdtempSync(join(tmpdir(), 'booking-proof-'));
    // PostgreSQL runs as `postgres` when we are root: it must reach its folder inside this one.
    chmodSync(folder, 0o755);
    const logDir = options.logDir ?? join(folder, 'logs');
    const postgres = new LocalPostgresCluster(join(folder, 'postgres'), await freePort());
    const kafkaCluster = await LocalKafkaCluster.create(join(folder, 'kafka'), logDir, 3);
    await postgres.initialise();
    const kafka = createKafka({ brokers: kafkaCluster.brokers, clientId: 'proof', log: () => undefined });
    try {
      await Promise.all([postgres.start(), kafkaCluster.start()]);
      // As many partitions as consumers could ever share a group: every instance gets some. Three
      // copies of each, two of which must take a write (the brokers' min.insync.replicas).
      await ensureTopics(kafka, [...PROVISIONED_TOPICS], { numPartitions: 6, replicationFactor: 3 }, 120_000);
    } catch (error) {
      // The brokers are this process's children: a failed start must not leave them running.
      await kafkaCluster.stop();
      await postgres.stop('immediate').catch(() => undefined);
      throw error;
    }
    const gatewayPorts = await Promise.all(Array.from({ length: options.instances }, () => freePort()));
    const sandbox = await new SandboxProvider({
      port: 0,
      apiKey: SANDBOX_API_KEY,
      // The provider's webhooks reach the gateways through the same balancer as the load (called
      // only once a payment is made, after the stack below exists).
      webhookUrl: (): string => `${stack.nextGatewayUrl()}/v1/payments/webhook`,
      webhookSecrets: [TEST_WEBHOOK_SECRET],
    }).start();
    const messaging = await new MessagingSandbox({ smtpPort: 0, smsPort: 0, ...MESSAGING }).start();
    const stack: ProofStack = new ProofStack(
      folder,
      postgres,
      kafkaCluster,
      await freePort(),
      kafka,
      sandbox,
      messaging,
      options.shutdownGraceMs ?? shutdownConfigSchema.parse({}).SHUTDOWN_GRACE_MS,
    );
    await stack.startRedis();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: postgres.url,
      DATABASE_PREFIX: '',
      REDIS_URL: `redis://127.0.0.1:${stack.redisPort}`,
      REDIS_KEY_PREFIX: '',
      KAFKA_BROKERS: kafkaCluster.brokers.join(','),
      KAFKA_TOPIC_PREFIX: '',
      // Info: each shutdown's steps are in the logs, to tell which one was slow.
      LOG_LEVEL: 'info',
      JWT_SECRET: TEST_JWT_SECRET,
      INTERNAL_JWT_SECRET: TEST_INTERNAL_JWT_SECRET,
      // The load is many holds from few customers: the limit is not what is being proven.
      HOLD_RATE_LIMIT: '1000000',
      HOLD_ADDRESS_RATE_LIMIT: '1000000',
      SHUTDOWN_GRACE_MS: String(stack.shutdownGraceMs),
      // Out of rotation and still serving for a second after SIGTERM, as behind a balancer.
      SHUTDOWN_DRAIN_MS: '1000',
      SANDBOX_PROVIDER_URL: sandbox.url,
      SANDBOX_API_KEY,
      PAYMENT_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      SMTP_URL: messaging.smtpUrl,
      SMS_PROVIDER_URL: messaging.sms.url,
      SMS_API_KEY: MESSAGING.smsApiKey,
    };
    const services = await Promise.all(
      SERVICES_WITH_A_DATABASE.map(async (service) => {
        const ports = await Promise.all(Array.from({ length: options.instances }, () => freePort()));
        return ports.map(
          (port, i) =>
            new ServiceProcess(
              service,
              `${service}-${i + 1}`,
              port,
              { ...env, [`${service.toUpperCase()}_PORT`]: String(port) },
              logDir,
            ),
        );
      }),
    );
    const urlsOf = (service: ServiceName) =>
      services[SERVICES_WITH_A_DATABASE.indexOf(service)]!.map((instance) => instance.url).join(',');
    const gateways = gatewayPorts.map(
      (port, i) =>
        new ServiceProcess(
          'api-gateway',
          `api-gateway-${i + 1}`,
          port,
          {
            ...env,
            GATEWAY_PORT: String(port),
            BOOKING_URL: urlsOf('booking'),
            PAYMENT_URL: urlsOf('payment'),
            REFUND_URL: urlsOf('refund'),
            NOTIFICATION_URL: urlsOf('notification'),
          },
          logDir,
        ),
    );
    stack.instances.push(...services.flat(), ...gateways);
    try {
      // The first instance of each migrates its database; the others then find it migrated.
      await Promise.all(services.map((instances) => instances[0]!.start()));
      await Promise.all(
        [...services.flatMap((instances) => instances.slice(1)), ...gateways].map((i) => i.start()),
      );
    } catch (error) {
      await stack.stop();
      throw error;
    }
    return stack;
  }

  /** The gateways a load balancer would send to now: every one in rotation. */
  get gatewayUrls(): string[] {
    return this.instances
      .filter((instance) => instance.app === 'api-gateway' && instance.inRotation)
      .map((instance) => instance.url);
  }

  /** The next gateway in turn, as a load balancer in front of them picks it. */
  nextGatewayUrl(): string {
    const urls = this.gatewayUrls;
    return urls[this.turn++ % urls.length] ?? this.instances.find((i) => i.app === 'api-gateway')!.url;
  }

  /**
   * Waits until every partition (the offsets topic's too) has all its replicas in sync, as after a
   * broker came back; until then one more dead broker would leave writes short of two copies.
   */
  async awaitFullReplication(timeoutMs = 120_000): Promise<void> {
    const admin = this.kafka.admin();
    const deadline = Date.now() + timeoutMs;
    try {
      await admin.connect();
      for (;;) {
        const { topics } = await admin.fetchTopicMetadata({
          topics: [...PROVISIONED_TOPICS, '__consumer_offsets'],
        });
        const lagging = topics.flatMap((topic) =>
          topic.partitions.filter((partition) => partition.isr.length < partition.replicas.length),
        );
        if (lagging.length === 0) return;
        if (Date.now() > deadline) throw new Error(`${lagging.length} partitions still short of replicas`);
        await sleep(250);
      }
    } finally {
      await admin.disconnect();
    }
  }

  /**
   * Messages each consumer group has yet to commit, by group, over the partitions it has committed
   * on: the checker says "clean" only once every group has reached the end of what it reads.
   */
  async consumerLag(): Promise<Map<string, number>> {
    // One client for every call: the settling loop asks twice a second, and a client made and
    // dropped each time leaks listeners on sockets still connecting to a restarted broker.
    if (!this.lagAdmin) {
      const admin = this.kafka.admin();
      await admin.connect();
      this.lagAdmin = admin;
    }
    const admin = this.lagAdmin;
    const { groups } = await admin.listGroups();
    const ends = new Map<string, number>();
    const endOf = async (topic: string, partition: number) => {
      if (!ends.has(`${topic}/${partition}`))
        for (const end of await admin.fetchTopicOffsets(topic))
          ends.set(`${topic}/${end.partition}`, Number(end.high));
      return ends.get(`${topic}/${partition}`) ?? 0;
    };
    const lag = new Map<string, number>();
    for (const { groupId } of groups) {
      let behind = 0;
      for (const { topic, partitions } of await admin.fetchOffsets({ groupId }))
        for (const { partition, offset } of partitions)
          if (Number(offset) >= 0) behind += (await endOf(topic, partition)) - Number(offset);
      lag.set(groupId, behind);
    }
    return lag;
  }

  /** A pool on one service's database, for the checker. */
  database(service: ServiceName): Pool {
    const existing = this.pools.get(service);
    if (existing) return existing;
    // createPool survives a restart of PostgreSQL: it drops the ended sessions and makes new ones.
    const pool = createPool(databaseUrl(this.postgres.url, service), { max: 4 });
    this.pools.set(service, pool);
    return pool;
  }

  async startRedis(): Promise<void> {
    this.redisServer = await startRedisServer('127.0.0.1', this.redisPort, join(this.folder, 'redis.log'), {
      detached: false,
    });
  }

  /** Stops Redis as a crash would (what it held is gone: it keeps nothing on disk). */
  async stopRedis(): Promise<void> {
    const server = this.redisServer;
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGKILL');
    await exited;
  }

  async stop(): Promise<void> {
    await Promise.all(
      this.instances.filter((instance) => instance.running).map((instance) => instance.stop('SIGTERM')),
    );
    for (const instance of this.instances) instance.close();
    for (const pool of this.pools.values()) await pool.end().catch(() => undefined);
    await this.lagAdmin?.disconnect();
    await Promise.all([this.sandbox.stop(), this.messaging.stop(), this.stopRedis()]);
    await this.postgres.stop('immediate').catch(() => undefined);
    await this.kafkaCluster.stop();
    rmSync(this.folder, { recursive: true, force: true });
  }
}
