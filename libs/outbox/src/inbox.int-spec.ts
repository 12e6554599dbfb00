import { randomUUID } from 'node:crypto';
import { KafkaPublisher, KafkaEventConsumer } from '@booking/kafka';
import { toCloudEvent } from '@booking/contracts';
import { expectEventually, uniqueName } from '@booking/testing';
import { createOutboxFixture, type OutboxFixture } from '../test/outbox-fixture';

describe('inbox', () => {
  let fixture: OutboxFixture;

  beforeAll(async () => {
    fixture = await createOutboxFixture('inbox');
  });

  afterAll(async () => {
    await fixture.close();
  });

  const event = () => ({ id: randomUUID(), type: 'test.happened' });

  it('applies an event delivered three times in a row once', async () => {
    const delivered = event();
    const results = [];
    for (let i = 0; i < 3; i += 1) results.push(await fixture.applyOnce(delivered));
    expect(results).toEqual([true, false, false]);
  });

  it('applies an event delivered three times at once once', async () => {
    const delivered = event();
    const before = await fixture.effectCount();
    const results = await Promise.all([1, 2, 3].map(() => fixture.applyOnce(delivered)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await fixture.effectCount()).rows).toBe(before.rows + 1);
  });

  it('applies an event that Kafka delivers three times once', async () => {
    const before = await fixture.effectCount();
    const envelope = toCloudEvent(
      { type: 'test.happened', subject: 'booking-dup', data: {} },
      { id: randomUUID(), source: 'test', time: new Date() },
    );
    const seen: string[] = [];
    const consumer = new KafkaEventConsumer(fixture.kafka, {
      groupId: uniqueName('dup'),
      topics: [fixture.topic],
      handler: async ({ event: delivered }) => {
        seen.push(delivered.id);
        await fixture.applyOnce(delivered);
      },
    });
    await consumer.start();
    const publisher = new KafkaPublisher(fixture.kafka);
    const message = { topic: fixture.topic, key: envelope.subject, value: JSON.stringify(envelope) };
    await publisher.publish([message, message, message]);
    await expectEventually(() => expect(seen.filter((id) => id === envelope.id)).toHaveLength(3));
    expect((await fixture.effectCount()).rows).toBe(before.rows + 1);
    await publisher.disconnect();
    await consumer.stop();
  });
});
