import type { Kafka } from 'kafkajs';
import { createKafka, KafkaPublisher } from '@booking/kafka';
import { createPool, withTransaction } from '@booking/db';
import {
  createTestDatabase,
  createTestTopics,
  testRun,
  uniqueName,
  type TestDatabase,
} from '@booking/testing';
import { Inbox, OUTBOX_MIGRATIONS, OutboxRelay, OutboxWriter, type OutboxRelaySettings } from '../src';

/** A database with the outbox, a topic of its own, and the tables the tests use as "effects". */
export interface OutboxFixture {
  db: TestDatabase;
  kafka: Kafka;
  topic: string;
  writer: OutboxWriter;
  startRelay(settings?: Partial<OutboxRelaySettings>): Promise<OutboxRelay>;
  /** Writes `count` events for `key` in one transaction, numbered by the key's own counter. */
  writeEvents(key: string, count: number, options?: { rollback?: boolean }): Promise<string[]>;
  /** The consumer effect the inbox must keep single: one row per application. */
  applyOnce(event: { id: string; type: string }): Promise<boolean>;
  effectCount(): Promise<{ rows: number; distinct: number }>;
  close(): Promise<void>;
}

export async function createOutboxFixture(
  label: string,
  brokers = testRun().kafkaBrokers,
): Promise<OutboxFixture> {
  const db = await createTestDatabase(label, OUTBOX_MIGRATIONS);
  await db.pool.query(`CREATE TABLE key_counter (key text PRIMARY KEY, n int NOT NULL)`);
  // Deliberately no unique key: only the inbox stands between a re-delivery and a second row.
  await db.pool.query(
    `CREATE TABLE effect (event_id text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
  );
  const kafka = createKafka({ brokers, clientId: label, log: () => undefined });
  const [topic] = await createTestTopics(kafka, uniqueName(label), ['events']);
  const writer = new OutboxWriter('outbox-test', () => new Date());
  const inbox = new Inbox('effect-writer');
  const cleanups: (() => Promise<void>)[] = [];

  return {
    db,
    kafka,
    topic: topic!,
    writer,
    async startRelay(settings = {}) {
      const pool = createPool(db.url, { max: 4 });
      const publisher = new KafkaPublisher(kafka);
      const relay = new OutboxRelay({
        pool,
        databaseUrl: db.url,
        publisher,
        pollIntervalMs: 200,
        ...settings,
      });
      await relay.start();
      cleanups.push(async () => {
        await relay.stop();
        await publisher.disconnect();
        await pool.end();
      });
      return relay;
    },
    async writeEvents(key, count, { rollback = false } = {}) {
      const ids: string[] = [];
      const work = withTransaction(db.pool, async (tx) => {
        for (let i = 0; i < count; i += 1) {
          const { rows } = await tx.query<{ n: number }>(
            `INSERT INTO key_counter (key, n) VALUES ($1, 1)
             ON CONFLICT (key) DO UPDATE SET n = key_counter.n + 1 RETURNING n`,
            [key],
          );
          const event = await writer.write(tx, {
            topic: topic!,
            type: 'test.happened',
            subject: key,
            data: { key, seq: rows[0]!.n },
          });
          ids.push(event.id);
        }
        if (rollback) throw new RolledBack();
      });
      await work.catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
      return ids;
    },
    async applyOnce(event) {
      const applied = await inbox.once(db.pool, event, async (tx) => {
        await tx.query('INSERT INTO effect (event_id) VALUES ($1)', [event.id]);
        return true;
      });
      return applied === true;
    },
    async effectCount() {
      const { rows } = await db.pool.query<{ rows: string; distinct: string }>(
        'SELECT count(*) AS rows, count(DISTINCT event_id) AS distinct FROM effect',
      );
      return { rows: Number(rows[0]!.rows), distinct: Number(rows[0]!.distinct) };
    },
    async close() {
      for (const cleanup of cleanups.reverse()) await cleanup();
      await db.drop();
    },
  };
}

class RolledBack extends Error {}
