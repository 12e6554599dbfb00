import type { Consumer, Kafka } from 'kafkajs';
import { ensureTopics, retryTransient } from '@booking/kafka';
import { parseCloudEvent, type CloudEvent } from '@booking/contracts';

/** Topics of this test's own, named `${prefix}.${base}`, created with several partitions. */
export async function createTestTopics(kafka: Kafka, prefix: string, bases: string[]): Promise<string[]> {
  const topics = bases.map((base) => `${prefix}.${base}`);
  await ensureTopics(kafka, topics, { numPartitions: 4, replicationFactor: 1 });
  return topics;
}

/** Reads topics from the beginning and keeps every event it sees, duplicates included, in arrival order. */
export class TopicCollector {
  readonly received: {
    topic: string;
    event: CloudEvent;
    key: string | null;
    partition: number;
    headers: Record<string, string>;
  }[] = [];
  private readonly consumer: Consumer;

  constructor(kafka: Kafka, groupId: string) {
    // A short session lets the group re-form quickly after a broker restart (the outage test).
    this.consumer = kafka.consumer({
      groupId,
      allowAutoTopicCreation: false,
      sessionTimeout: 10_000,
      heartbeatInterval: 1_000,
    });
  }

  async start(topics: string[]): Promise<this> {
    await this.consumer.connect();
    await retryTransient(() => this.consumer.subscribe({ topics, fromBeginning: true }));
    await this.consumer.run({
      eachMessage: async ({ topic, message, partition }) => {
        this.received.push({
          topic,
          event: parseCloudEvent(message.value!.toString('utf8')),
          key: message.key?.toString('utf8') ?? null,
          partition,
          headers: Object.fromEntries(
            Object.entries(message.headers ?? {}).map(([name, value]) => [name, String(value)]),
          ),
        });
      },
    });
    return this;
  }

  /** Events by id, the first arrival of each. */
  distinct(): CloudEvent[] {
    const seen = new Map<string, CloudEvent>();
    for (const { event } of this.received) if (!seen.has(event.id)) seen.set(event.id, event);
    return [...seen.values()];
  }

  async stop(): Promise<void> {
    await this.consumer.disconnect();
  }
}
