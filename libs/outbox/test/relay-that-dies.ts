/**
 * A relay in a child process that SIGKILLs itself right after Kafka acknowledged its first batch,
 * before the rows are marked published: the crash window the outbox must survive.
 */
import { createKafka, KafkaPublisher, type MessagePublisher, type OutgoingMessage } from '@booking/kafka';
import { createPool } from '@booking/db';
import { OutboxRelay } from '../src';

const databaseUrl = process.env['RELAY_DATABASE_URL']!;
const kafka = createKafka({ brokers: process.env['KAFKA_BROKERS']!.split(','), clientId: 'relay-that-dies' });
const kafkaPublisher = new KafkaPublisher(kafka);

const dyingPublisher: MessagePublisher = {
  connect: () => kafkaPublisher.connect(),
  async publish(messages: OutgoingMessage[]) {
    await kafkaPublisher.publish(messages);
    process.stdout.write(`acknowledged ${messages.length}\n`);
    process.kill(process.pid, 'SIGKILL');
  },
};

const relay = new OutboxRelay({
  pool: createPool(databaseUrl, { max: 1 }),
  databaseUrl,
  publisher: dyingPublisher,
  concurrency: 1,
});
void relay.start();
