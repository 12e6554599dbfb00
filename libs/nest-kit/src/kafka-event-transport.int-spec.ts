import { Controller, Module, type OnModuleInit } from '@nestjs/common';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { NestFactory } from '@nestjs/core';
import { EventPattern, Payload } from '@nestjs/microservices';
import type { Kafka } from 'kafkajs';
import type { Registry } from 'prom-client';
import { commonConfigSchema, parseConfig } from '@booking/config';
import { EVENT_EXAMPLES, toCloudEvent } from '@booking/contracts';
import { createKafka, KafkaPublisher } from '@booking/kafka';
import {
  createTestTopics,
  expectEventually,
  sampleSum,
  testRun,
  TopicCollector,
  uniqueName,
} from '@booking/testing';
import { JsonLogger } from './json-logger';
import { createMetricsRegistry } from './metrics';
import {
  connectEventHandlers,
  KafkaEventTransport,
  KeepHandlerErrors,
  type KnownConsumedEvent,
} from './kafka-event-transport';

const applied: string[] = [];
let unavailableAttempts = 0;
let initialised = 0;

@Controller()
class PaymentsHandler implements OnModuleInit {
  onModuleInit(): void {
    initialised += 1;
  }

  @EventPattern('payment.succeeded')
  apply(@Payload() { event }: KnownConsumedEvent): void {
    // The payload is parsed and typed: no cast is needed to read the payment.
    if (event.type !== 'payment.succeeded') throw new Error(`unexpected ${event.type}`);
    if (event.data.txnId === 'pi_poison') throw new Error('this payment can never be applied');
    if (event.data.txnId === 'pi_unavailable') {
      unavailableAttempts += 1;
      throw new Error('a dependency is away');
    }
    applied.push(event.data.bookingId);
  }
}

@Module({ controllers: [PaymentsHandler] })
class PaymentsModule {}

describe('KafkaEventTransport (@nestjs/microservices over the platform consumer)', () => {
  let kafka: Kafka;
  let publisher: KafkaPublisher;
  beforeAll(() => {
    kafka = createKafka({
      brokers: testRun().kafkaBrokers,
      clientId: 'transport-test',
      log: () => undefined,
    });
    publisher = new KafkaPublisher(kafka);
  });
  afterAll(() => publisher.disconnect());

  const payment = (bookingId: string, txnId: string) =>
    JSON.stringify(
      toCloudEvent(
        {
          type: 'payment.succeeded',
          subject: bookingId,
          data: { ...EVENT_EXAMPLES['payment.succeeded'], bookingId, txnId },
        },
        { id: uniqueName('event'), source: 'payment-service', time: new Date() },
      ),
    );

  /** The payments handler on a transport over topics of its own (payment.v1 and its .dlq). */
  async function paymentsApp(settings: { maxAttempts: number; metrics: Registry }) {
    const prefix = uniqueName('transport');
    const [topic, deadLetters] = await createTestTopics(kafka, prefix, ['payment.v1', 'payment.v1.dlq']);
    const config = parseConfig(commonConfigSchema, {
      KAFKA_TOPIC_PREFIX: `${prefix}.`,
      EVENT_MAX_ATTEMPTS: String(settings.maxAttempts),
    });
    const transport = new KafkaEventTransport({
      group: 'transport-test',
      kafka,
      config,
      logger: new JsonLogger('transport-test', 'error', () => undefined),
      metrics: settings.metrics,
    });
    const app = await NestFactory.createMicroservice(PaymentsModule, { strategy: transport, logger: false });
    app.useGlobalFilters(new KeepHandlerErrors());
    return { app, topic, deadLetters, transport };
  }

  it("keeps the handler's own error, and runs init hooks once, beside an HTTP app (as services run)", async () => {
    const { transport, topic, deadLetters } = await paymentsApp({
      maxAttempts: 2,
      metrics: createMetricsRegistry('transport-test'),
    });
    const app = await NestFactory.create(PaymentsModule, new FastifyAdapter(), { logger: false });
    await app.init();
    const initialisedBefore = initialised;
    const dlq = await new TopicCollector(kafka, uniqueName('dlq')).start([deadLetters!]);
    try {
      await connectEventHandlers(app, transport);
      await publisher.publish([{ topic: topic!, key: 'b-3', value: payment('b-3', 'pi_poison') }]);
      await expectEventually(() => expect(dlq.received).toHaveLength(1), { timeoutMs: 30_000 });
      // Nest's default filter would have put "Internal server error" here.
      expect(dlq.received[0]!.headers['dlq-error']).toContain('never be applied');
      expect(initialised).toBe(initialisedBefore);
    } finally {
      await dlq.stop();
      await transport.close();
      await app.close();
    }
  });

  it('hands events to @EventPattern handlers, and moves one that keeps failing to <topic>.dlq', async () => {
    const metrics = createMetricsRegistry('transport-test');
    const { app, topic, deadLetters } = await paymentsApp({ maxAttempts: 3, metrics });
    const dlq = await new TopicCollector(kafka, uniqueName('dlq')).start([deadLetters!]);
    try {
      await app.listen();
      // One key, so one partition: the poisoned event is between the two good ones.
      await publisher.publish(
        [payment('b-1', 'pi_1'), payment('b-1', 'pi_poison'), payment('b-1', 'pi_2')].map((value) => ({
          topic: topic!,
          key: 'b-1',
          value,
        })),
      );
      await expectEventually(() => expect(applied).toEqual(['b-1', 'b-1']), { timeoutMs: 30_000 });
      await expectEventually(() => expect(dlq.received).toHaveLength(1));
      const [dead] = dlq.received;
      expect((dead!.event.data as { txnId: string }).txnId).toBe('pi_poison');
      expect(dead!.key).toBe('b-1');
      expect(dead!.headers).toMatchObject({
        'dlq-topic': topic,
        'dlq-attempts': '3',
        'dlq-group': 'transport-test',
      });
      expect(dead!.headers['dlq-error']).toContain('never be applied');
      const text = await metrics.metrics();
      expect(sampleSum(text, 'events_dead_lettered_total', { type: 'payment.succeeded' })).toBe(1);
      expect(sampleSum(text, 'event_handler_retries_total', { type: 'payment.succeeded' })).toBe(3);
    } finally {
      await dlq.stop();
      await app.close();
    }
  });

  it('closes at once while a handler waits between retries', async () => {
    const { app, topic } = await paymentsApp({
      maxAttempts: 100,
      metrics: createMetricsRegistry('transport-test'),
    });
    await app.listen();
    await publisher.publish([{ topic: topic!, key: 'b-2', value: payment('b-2', 'pi_unavailable') }]);
    await expectEventually(() => expect(unavailableAttempts).toBeGreaterThanOrEqual(6), {
      timeoutMs: 30_000,
    });
    // The wait after the sixth attempt is 3.2 to 6.4 s (equal jitter over 200 ms × 2⁵).
    const closing = Date.now();
    await app.close();
    expect(Date.now() - closing).toBeLessThan(2_500);
    expect(unavailableAttempts).toBe(6);
  });
});
