import { CLOUDEVENTS_CONTENT_TYPE } from '@booking/contracts';
import { Partitioners, type Kafka, type Producer } from 'kafkajs';
import type { MessagePublisher, OutgoingMessage } from './message-publisher';

/**
 * Every value is a CloudEvent in structured mode; the Kafka protocol binding says so with this
 * header, without which CloudEvents SDKs read the message as binary mode.
 */
export const CLOUDEVENTS_HEADERS = { 'content-type': CLOUDEVENTS_CONTENT_TYPE };

/**
 * An idempotent producer (acks from all in-sync replicas, one request in flight), so the broker
 * never reorders or duplicates what one producer session sends. The default partitioner is
 * murmur2, the same as Java clients: a key lands on the same partition whoever produces it.
 *
 * Two kafkajs flaws lost events when a broker died (the proof's broker-kill scenario):
 * - It hands a failed request's sequence numbers back; if the broker had written that batch, the
 *   next batch of as many messages on that partition reuses them and is dropped as a duplicate.
 *   So one batch is sent at a time, and a failed send retires the producer (a new producer has a
 *   new id and fresh sequences).
 * - Its retry after a leader moved to a broker that had already answered for other partitions
 *   sends nothing for the moved ones, yet resolves (kafkajs issue #1303). So a send resolves only
 *   when every partition its messages were placed on was acknowledged.
 */
export class KafkaPublisher implements MessagePublisher {
  private producer: Producer;
  private connected: Promise<void> | undefined;
  /** The send in progress, if any; the next waits for it. */
  private previous: Promise<unknown> = Promise.resolve();
  /** `topic:partition` of each message of the send in progress, as the partitioner placed it. */
  private readonly placed = new Set<string>();

  constructor(private readonly kafka: Kafka) {
    this.producer = this.newProducer();
  }

  publish(messages: OutgoingMessage[]): Promise<void> {
    if (messages.length === 0) return Promise.resolve();
    const sent = this.previous.then(() => this.send(messages));
    this.previous = sent.catch(() => undefined);
    return sent;
  }

  async disconnect(): Promise<void> {
    await this.previous;
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

  private async send(messages: OutgoingMessage[]): Promise<void> {
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
    this.placed.clear();
    try {
      const acknowledged = await this.producer.sendBatch({
        acks: -1,
        topicMessages: [...byTopic].map(([topic, list]) => ({ topic, messages: list })),
      });
      const answered = new Set(acknowledged.map((ack) => `${ack.topicName}:${ack.partition}`));
      const unanswered = [...this.placed].filter((partition) => !answered.has(partition));
      if (unanswered.length > 0) throw new PartitionsNotAcknowledged(unanswered);
    } catch (error) {
      this.retireProducer();
      throw error;
    }
  }

  private retireProducer(): void {
    const retired = this.producer;
    this.producer = this.newProducer();
    this.connected = undefined;
    retired.disconnect().catch(() => undefined);
  }

  private newProducer(): Producer {
    const producer = this.kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
      createPartitioner: () => {
        const partition = Partitioners.DefaultPartitioner();
        return (placing) => {
          const chosen = partition(placing);
          this.placed.add(`${placing.topic}:${chosen}`);
          return chosen;
        };
      },
    });
    producer.on(producer.events.DISCONNECT, () => {
      if (producer === this.producer) this.connected = undefined;
    });
    return producer;
  }
}

/** kafkajs resolved a send without an acknowledgement for every partition it was sent to. */
export class PartitionsNotAcknowledged extends Error {
  constructor(readonly partitions: string[]) {
    super(`no acknowledgement for ${partitions.join(', ')}; the batch is sent again`);
    this.name = 'PartitionsNotAcknowledged';
  }
}
