import type { ICustomPartitioner, Kafka, Message, Producer, ProducerConfig, RecordMetadata } from 'kafkajs';
import { KafkaPublisher } from './kafka-publisher';

const PARTITIONS = Array.from({ length: 6 }, (_, partitionId) => ({
  partitionId,
  leader: 1,
  partitionErrorCode: 0,
  replicas: [1],
  isr: [1],
}));

/**
 * A producer whose sends are held until the test settles them, and which logs what it saw. It
 * places each message with the partitioner it was given, and acknowledges the partitions that
 * `acknowledge` keeps (all of them unless told otherwise).
 */
class FakeProducer {
  readonly sends: { settle: (error?: Error) => void }[] = [];
  readonly events = { DISCONNECT: 'producer.disconnect' };
  connected = false;
  disconnected = false;
  acknowledge = (partitions: RecordMetadata[]) => partitions;
  private readonly partition: ReturnType<ICustomPartitioner>;

  constructor(
    private readonly log: string[],
    readonly id: number,
    config: ProducerConfig,
  ) {
    this.partition = config.createPartitioner!();
  }

  on(): void {}
  async connect(): Promise<void> {
    this.connected = true;
  }
  async disconnect(): Promise<void> {
    this.disconnected = true;
  }
  sendBatch(batch: { topicMessages: { topic: string; messages: Message[] }[] }): Promise<RecordMetadata[]> {
    this.log.push(`producer ${this.id} sends`);
    const placed = new Map<string, RecordMetadata>();
    for (const { topic, messages } of batch.topicMessages)
      for (const message of messages) {
        const partition = this.partition({ topic, partitionMetadata: PARTITIONS, message });
        placed.set(`${topic}:${partition}`, { topicName: topic, partition, errorCode: 0 });
      }
    return new Promise((resolve, reject) =>
      this.sends.push({
        settle: (error) => (error ? reject(error) : resolve(this.acknowledge([...placed.values()]))),
      }),
    );
  }
}

function fakeKafka(): { kafka: Kafka; producers: FakeProducer[]; log: string[] } {
  const producers: FakeProducer[] = [];
  const log: string[] = [];
  const kafka = {
    producer: (config: ProducerConfig) => {
      const producer = new FakeProducer(log, producers.length + 1, config);
      producers.push(producer);
      return producer as unknown as Producer;
    },
  } as unknown as Kafka;
  return { kafka, producers, log };
}

const message = (key: string) => ({ topic: 'booking.v1', key, value: '{}' });
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('KafkaPublisher', () => {
  it('sends one batch at a time: the next leaves only once the last was answered', async () => {
    const { kafka, producers, log } = fakeKafka();
    const publisher = new KafkaPublisher(kafka);
    const first = publisher.publish([message('a')]);
    const second = publisher.publish([message('b')]);
    await settled();
    expect(log).toEqual(['producer 1 sends']);
    producers[0]!.sends[0]!.settle();
    await first;
    await settled();
    expect(log).toEqual(['producer 1 sends', 'producer 1 sends']);
    producers[0]!.sends[1]!.settle();
    await second;
  });

  // A failed request's sequence numbers are handed back by kafkajs; if the broker had written
  // that batch, reusing them for other messages makes the broker drop those as duplicates.
  it('retires the producer after a failed send, so no later batch reuses its sequence numbers', async () => {
    const { kafka, producers, log } = fakeKafka();
    const publisher = new KafkaPublisher(kafka);
    const failing = publisher.publish([message('a')]);
    const next = publisher.publish([message('b')]);
    await settled();
    producers[0]!.sends[0]!.settle(new Error('Request Produce timed out'));
    await expect(failing).rejects.toThrow('timed out');
    await settled();
    expect(log).toEqual(['producer 1 sends', 'producer 2 sends']);
    expect(producers[0]!.disconnected).toBe(true);
    expect(producers[1]!.connected).toBe(true);
    producers[1]!.sends[0]!.settle();
    await next;
  });

  // kafkajs' retry after a leader moved to a broker that had already answered skips the moved
  // partitions and resolves all the same: those events were never written.
  it('fails a send that left a partition unacknowledged, and retires the producer', async () => {
    const { kafka, producers } = fakeKafka();
    const publisher = new KafkaPublisher(kafka);
    const keys = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    const sent = publisher.publish(keys.map(message));
    await settled();
    producers[0]!.acknowledge = (partitions) => partitions.slice(1);
    producers[0]!.sends[0]!.settle();
    await expect(sent).rejects.toThrow(/no acknowledgement for booking\.v1:\d/);
    expect(producers).toHaveLength(2);
    expect(producers[0]!.disconnected).toBe(true);
  });

  it('keeps its producer while sends succeed', async () => {
    const { kafka, producers } = fakeKafka();
    const publisher = new KafkaPublisher(kafka);
    for (const key of ['a', 'b', 'c']) {
      const sent = publisher.publish([message(key)]);
      await settled();
      producers[0]!.sends.at(-1)!.settle();
      await sent;
    }
    expect(producers).toHaveLength(1);
  });
});
