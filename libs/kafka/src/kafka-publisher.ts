import { CLOUDEVENTS_CONTENT_TYPE } from '@booking/contracts';
import { Partitioners, type Kafka, type Producer } from 'kafkajs';
import type { MessagePublisher, OutgoingMessage } from './message-publisher';

/**
 * An idempotent producer (acks from all in-sync replicas, one request in flight), so the broker
 * never reorders or duplicates what one producer session sends. The default partitioner is
 * murmur2, the same as Java clients: a key lands on the same partition whoever produces it.
 */
/**
 * Every value is a CloudEvent in structured mode; the Kafka protocol binding says so with this
 * header, without which CloudEvents SDKs read the message as binary mode.
 */
export const CLOUDEVENTS_HEADERS = { 'content-type': CLOUDEVENTS_CONTENT_TYPE };

export class KafkaPublisher implements MessagePublisher {
  private readonly producer: Producer;
  private connected: Promise<void> | undefined;

  constructor(kafka: Kafka) {
    this.producer = kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    this.producer.on(this.producer.events.DISCONNECT, () => {
      this.connected = undefined;
    });
  }

  async publish(messages: OutgoingMessage[]): Promise<void> {
    if (messages.length === 0) return;
    await this.connect();
    const byTopic = new Map<string, { key: string; value: string; headers: Record<string, string> }[]>();
    for (const { topic, key, value, headers } of messages) {
      const list = byTopic.get(topic) ?? [];
      list.push({
        key,
        value,
        headers: headers ? { ...CLOUDEVENTS_HEADERS, ...headers } : CLOUDEVENTS_HEADERS,
      });
      byTopic.set(topic, list);
    }
    await this.producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, list]) => ({ topic, messages: list })),
    });
  }

  async disconnect(): Promise<void> {
    await this.producer.disconnect();
  }

  /** Shared by concurrent callers; after a failure or a disconnect, the next call connects again. */
  async connect(): Promise<void> {
    this.connected ??= this.producer.connect().catch((error: unknown) => {
      this.connected = undefined;
      throw error;
    });
    await this.connected;
  }
}
