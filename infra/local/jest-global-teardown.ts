import './register-paths';
import { Client } from 'pg';
import Redis from 'ioredis';
import { createKafka, deleteTopics } from '@booking/kafka';
import { databaseUrl } from '@booking/db';
import { stopStarted } from './infra';

/** Removes what this run made (databases, topics, keys), then stops what the setup started. */
export default async function globalTeardown(): Promise<void> {
  const runId = process.env['TEST_RUN_ID'];
  if (runId && process.env['KEEP_TEST_DATA'] !== '1') {
    await Promise.allSettled([dropRunDatabases(runId), deleteRunTopics(runId), deleteRunKeys(runId)]);
  }
  await stopStarted(globalThis.__bookingInfraStarted ?? []);
}

async function dropRunDatabases(runId: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl(process.env['DATABASE_URL']!, 'postgres') });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1`,
      [`${runId}\\_%`],
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

async function deleteRunTopics(runId: string): Promise<void> {
  const kafka = createKafka({
    brokers: process.env['KAFKA_BROKERS']!.split(','),
    clientId: 'teardown',
    log: () => undefined,
  });
  const admin = kafka.admin();
  await admin.connect();
  const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(`${runId}.`));
  await admin.disconnect();
  await deleteTopics(kafka, topics);
}

async function deleteRunKeys(runId: string): Promise<void> {
  const redis = new Redis(process.env['REDIS_URL']!, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${runId}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
