/**
 * The latency benchmark's consumer, in a process of its own as a real consumer would be, and the
 * platform's own consumer (offsets committed after the handler, per batch): prints `ready`, then
 * `<event id> <arrival ms since epoch>` for every event of the topics (comma-separated).
 */
import { createKafka, KafkaEventConsumer } from '@booking/kafka';

async function main(): Promise<void> {
  const [brokers, topic, groupId] = process.argv.slice(2) as [string, string, string];
  const kafka = createKafka({
    brokers: brokers.split(','),
    clientId: 'bench-consumer',
    log: () => undefined,
  });
  // Arrivals are stamped at once but reported in batches: a pipe write per message would wake the
  // benchmark's process 500 times a second and take CPU from what is being measured.
  let pending: string[] = [];
  const flush = setInterval(() => {
    if (pending.length === 0) return;
    process.stdout.write(pending.join(''));
    pending = [];
  }, 50);
  const consumer = new KafkaEventConsumer(kafka, {
    groupId,
    topics: topic.split(','),
    handler: async ({ event }) => {
      pending.push(`${event.id} ${Date.now()}\n`);
    },
  });
  await consumer.start();
  process.stdout.write('ready\n');
  process.on('SIGTERM', () => {
    clearInterval(flush);
    void consumer.stop().then(() => process.exit(0));
  });
}

void main();
