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
  await consumer.run({
    eachMessage: async ({ message }) => {
      const arrived = Date.now();
      const id = (JSON.parse(message.value!.toString()) as { id: string }).id;
      process.stdout.write(`${id} ${arrived}\n`);
    },
  });
  process.on('SIGTERM', () => void consumer.disconnect().then(() => process.exit(0)));
}

void main();
