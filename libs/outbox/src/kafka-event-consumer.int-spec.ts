import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import type { Kafka } from 'kafkajs';
import { toCloudEvent } from '@booking/contracts';
import { createTestTopics, expectEventually, testRun, uniqueName } from '@booking/testing';
import { createKafka, KafkaEventConsumer, KafkaPublisher } from '@booking/kafka';

// Next to the inbox, which relies on these rules, because @booking/testing itself uses @booking/kafka.

describe('KafkaEventConsumer', () => {
  let kafka: Kafka;
  let publisher: KafkaPublisher;
  const consumers: KafkaEventConsumer[] = [];

  beforeAll(() => {
    kafka = createKafka({ brokers: testRun().kafkaBrokers, clientId: 'consumer-test', log: () => undefined });
    publisher = new KafkaPublisher(kafka);
  });

  afterAll(async () => {
    await Promise.all(consumers.map((consumer) => consumer.stop()));
    await publisher.disconnect();
  });

  const message = (topic: string, key: string, sequence: number) => ({
    topic,
    key,
    value: JSON.stringify(
      toCloudEvent(
        { type: 'test.happened', subject: key, data: { sequence } },
        { id: randomUUID(), source: 'test', time: new Date() },
      ),
    ),
  });

  async function committedOffsets(groupId: string, topic: string): Promise<Map<number, string>> {
    const admin = kafka.admin();
    await admin.connect();
    try {
      const [offsets] = await admin.fetchOffsets({ groupId, topics: [topic] });
      return new Map(offsets!.partitions.map(({ partition, offset }) => [partition, offset]));
    } finally {
      await admin.disconnect();
    }
  }

  it('never commits past a message whose handler has not succeeded, and commits what came before it', async () => {
    const [topic] = await createTestTopics(kafka, uniqueName('commits'), ['events']);
    const key = 'one-key';
    await publisher.publish(Array.from({ length: 10 }, (_, sequence) => message(topic!, key, sequence)));
    const groupId = uniqueName('commits');
    const handled: number[] = [];
    let failing = true;
    let failedAttempts = 0;
    const consumer = new KafkaEventConsumer(kafka, {
      groupId,
      topics: [topic!],
      maxBackoffMs: 100,
      handler: async ({ event }) => {
        const { sequence } = event.data as { sequence: number };
        if (sequence === 5 && failing) {
          failedAttempts += 1;
          throw new Error('not yet');
        }
        handled.push(sequence);
      },
    });
    consumers.push(consumer);
    await consumer.start();

    // All ten are on one partition (one key), the only one with a committed offset: the next to read.
    const committed = async () =>
      [...(await committedOffsets(groupId, topic!)).values()].filter((offset) => offset !== '-1');
    await expectEventually(async () => expect(await committed()).toEqual(['5']));
    // And it stays there through the retries that follow, not only at the first look.
    const seenFailing = failedAttempts;
    await expectEventually(() => expect(failedAttempts).toBeGreaterThanOrEqual(seenFailing + 5));
    expect(await committed()).toEqual(['5']);
    expect(handled).toEqual([0, 1, 2, 3, 4]);

    failing = false;
    await expectEventually(() => expect(handled).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]));
    await expectEventually(async () => expect(await committed()).toEqual(['10']));
  });

  it("handles partitions side by side and keeps each key's events in order", async () => {
    const [topic] = await createTestTopics(kafka, uniqueName('order'), ['events']);
    const keys = Array.from({ length: 12 }, (_, i) => `key-${i}`);
    const perKey = 25;
    await publisher.publish(
      Array.from({ length: perKey }, (_, sequence) =>
        keys.map((key) => message(topic!, key, sequence)),
      ).flat(),
    );
    const seen = new Map<string, number[]>();
    let running = 0;
    let mostAtOnce = 0;
    const consumer = new KafkaEventConsumer(kafka, {
      groupId: uniqueName('order'),
      topics: [topic!],
      handler: async ({ event, key }) => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        await sleep(Math.random() * 3);
        seen.set(key!, [...(seen.get(key!) ?? []), (event.data as { sequence: number }).sequence]);
        running -= 1;
      },
    });
    consumers.push(consumer);
    await consumer.start();

    const inOrder = Array.from({ length: perKey }, (_, sequence) => sequence);
    await expectEventually(() => expect([...seen.values()].flat()).toHaveLength(keys.length * perKey));
    for (const key of keys) expect(seen.get(key)).toEqual(inOrder);
    expect(mostAtOnce).toBeGreaterThan(1);
  });

  it('skips an event whose source does not own its topic, and goes on with the next', async () => {
    const [topic] = await createTestTopics(kafka, uniqueName('sources'), ['events']);
    const from = (source: string, sequence: number) => ({
      topic: topic!,
      key: 'k',
      value: JSON.stringify(
        toCloudEvent(
          { type: 'test.happened', subject: 'k', data: { sequence } },
          { id: randomUUID(), source, time: new Date() },
        ),
      ),
    });
    await publisher.publish([
      from('owner-service', 0),
      from('intruder-service', 1),
      from('owner-service', 2),
    ]);
    const handled: number[] = [];
    const foreign: string[] = [];
    const consumer = new KafkaEventConsumer(kafka, {
      groupId: uniqueName('sources'),
      topics: [topic!],
      ownerOf: (name) => (name === topic ? 'owner-service' : undefined),
      onForeignSource: ({ event }) => foreign.push(event.source),
      handler: async ({ event }) => {
        handled.push((event.data as { sequence: number }).sequence);
      },
    });
    consumers.push(consumer);
    await consumer.start();
    await expectEventually(() => expect(handled).toEqual([0, 2]));
    expect(foreign).toEqual(['intruder-service']);
  });
  it('connects without waiting for its group to rebalance, then joins and takes its share', async () => {
    const [topic] = await createTestTopics(kafka, uniqueName('join'), ['events']);
    const groupId = uniqueName('join');
    const handledBy: string[] = [];
    const member = (name: string) => {
      const consumer = new KafkaEventConsumer(kafka, {
        groupId,
        topics: [topic!],
        handler: async () => {
          handledBy.push(name);
        },
      });
      consumers.push(consumer);
      return consumer;
    };
    await member('first').start();
    const second = member('second');
    // The first member must rejoin at its next heartbeat before the second one is in.
    await second.connect();
    expect(second.joined).toBe(false);
    await expectEventually(() => expect(second.joined).toBe(true));

    await publisher.publish(Array.from({ length: 40 }, (_, i) => message(topic!, `key-${i}`, i)));
    await expectEventually(() => expect(handledBy).toHaveLength(40));
    expect(new Set(handledBy)).toEqual(new Set(['first', 'second']));
  });
});
