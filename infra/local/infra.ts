import { ensureKafka } from './kafka';
import { ensurePostgres } from './postgres';
import { ensureRedis } from './redis';
import { stopPid } from './pid-files';
import type { Started } from './started';

export interface InfraAddresses {
  databaseUrl: string;
  redisUrl: string;
  kafkaBrokers: string[];
}

export function infraAddresses(env: NodeJS.ProcessEnv): InfraAddresses {
  return {
    databaseUrl: env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432',
    redisUrl: env['REDIS_URL'] ?? 'redis://127.0.0.1:6379',
    kafkaBrokers: (env['KAFKA_BROKERS'] ?? '127.0.0.1:9092').split(',').map((broker) => broker.trim()),
  };
}

/** Starts or reuses PostgreSQL, Redis and Kafka, all three at once. */
export async function ensureInfra(addresses: InfraAddresses, topicPrefix = ''): Promise<Started[]> {
  return Promise.all([
    ensurePostgres(addresses.databaseUrl),
    ensureRedis(addresses.redisUrl),
    ensureKafka(addresses.kafkaBrokers, topicPrefix),
  ]);
}

/** Stops what `ensureInfra` started (by PID file); what was reused is left alone. */
export async function stopStarted(started: Started[]): Promise<void> {
  await Promise.all(started.filter((item) => item.started).map((item) => stopPid(item.name, 30_000)));
}
