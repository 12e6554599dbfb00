/**
 * The latency benchmark's consumer, in a process of its own as a real consumer would be: prints
 * `ready`, then `<event id> <arrival ms since epoch>` for every message of the topic.
 */
import { createKafka } from '@booking/kafka';

async function main(): Promise<void> {
  const [brokers, topic, groupId] = process.argv.slice(2) as [string, string, string];
  const kafka = createKafka({
    brokers: brokers.split(','),
    clientId: 'bench-consumer',
    log: () => undefined,
  });
  const consumer = kafka.consumer({ groupId });
  await consumer.connect();
  await consumer.subscribe({ topics: [topic], fromBeginning: true });
  consumer.on(consumer.events.GROUP_JOIN, () => process.stdout.write('ready\n'));
  // Arrivals are stamped at once but reported in batches: a pipe write per message would wake the
  // benchmark's process 500 times a second and take CPU from what is being measured.
  let pending: string[] = [];
  const flush = setInterval(() => {
    if (pending.length === 0) return;
    process.stdout.write(pending.join(''));
    pending = [];
  }, 50);
  await consumer.run({
    eachMessage: async ({ message }) => {
      const arrived = Date.now();
      const id = (JSON.parse(message.value!.toString()) as { id: string }).id;
      pending.push(`${id} ${arrived}\n`);
    },
  });
  process.on('SIGTERM', () => clearInterval(flush));
  process.on('SIGTERM', () => void consumer.disconnect().then(() => process.exit(0)));
}

void main();
