import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { KafkaEventConsumer } from '@booking/kafka';
import { TopicCollector, expectEventually, testRun, uniqueName } from '@booking/testing';
import { createOutboxFixture, type OutboxFixture } from '../test/outbox-fixture';

const ROOT = join(__dirname, '../../..');

function runRelayThatDies(databaseUrl: string): Promise<{ signal: NodeJS.Signals | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['-r', join(ROOT, 'infra/local/register.js'), join(ROOT, 'libs/outbox/test/relay-that-dies.ts')],
      {
        env: {
          ...process.env,
          RELAY_DATABASE_URL: databaseUrl,
          KAFKA_BROKERS: testRun().kafkaBrokers.join(','),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (_code, signal) => resolve({ signal, output }));
  });
}

describe('a relay killed between Kafka acknowledging and marking the rows', () => {
  let fixture: OutboxFixture;
  let collector: TopicCollector;
  let consumer: KafkaEventConsumer;
  /** Every id the effects consumer's handler has finished, re-sent copies included. */
  const handled: string[] = [];

  beforeAll(async () => {
    fixture = await createOutboxFixture('crash');
    collector = await new TopicCollector(fixture.kafka, uniqueName('collector')).start([fixture.topic]);
    consumer = new KafkaEventConsumer(fixture.kafka, {
      groupId: uniqueName('effects'),
      topics: [fixture.topic],
      handler: async ({ event }) => {
        await fixture.applyOnce(event);
        handled.push(event.id);
      },
    });
    await consumer.start();
  });

  afterAll(async () => {
    await consumer.stop();
    await collector.stop();
    await fixture.close();
  });

  it('sends the events again after a restart, and the inbox consumer applies each exactly once', async () => {
    const ids = await fixture.writeEvents('booking-crash', 20);

    const { signal, output } = await runRelayThatDies(fixture.db.url);
    expect(signal).toBe('SIGKILL');
    expect(output).toContain('acknowledged 20');

    // Kafka has them, yet the outbox still says "not published".
    await expectEventually(() => expect(collector.distinct().map((event) => event.id)).toEqual(ids));
    const waiting = await fixture.db.pool.query(
      'SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL',
    );
    expect(waiting.rows[0].n).toBe(20);

    await fixture.startRelay();

    await expectEventually(() => expect(collector.received.length).toBe(40));
    expect(collector.distinct().map((event) => event.id)).toEqual(ids);
    // The effects consumer itself has handled both copies of each before the effects are counted.
    await expectEventually(() => expect(handled.length).toBe(40));
    expect([...new Set(handled)].sort()).toEqual([...ids].sort());
    expect(await fixture.effectCount()).toEqual({ rows: 20, distinct: 20 });
    // The relay marks the rows in the COMMIT that follows Kafka's acknowledgement, so a fast
    // consumer may apply the events before that COMMIT lands.
    await expectEventually(async () => {
      const published = await fixture.db.pool.query(
        'SELECT count(*)::int AS n FROM outbox WHERE published_at IS NOT NULL',
      );
      expect(published.rows[0].n).toBe(20);
    });
  });
});
