import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Kafka } from 'kafkajs';
import { KafkaEventConsumer, type ConsumedEvent } from '@booking/kafka';
import type { CommonConfig } from '@booking/config';
import { EVENT_SOURCES, parseKnownEvent, topicKeyOf, topicNames, type KnownEvent } from '@booking/contracts';
import type { Registry } from 'prom-client';
import type { JsonLogger } from './json-logger';
import { describeError } from './json-logger';
import { counterIn, gaugeIn, METRICS } from './metrics';
import { KAFKA, LOGGER, SERVICE_CONFIG } from './tokens';

/** A consumed event of a type the contract knows, its data parsed against the type's schema. */
export type KnownConsumedEvent = Omit<ConsumedEvent, 'event'> & { event: KnownEvent };

/**
 * A service's Kafka subscription for the application's lifetime: started after bootstrap,
 * stopped (offsets committed) before the pool closes. Subclasses say what to read and how to
 * handle it; skipped and retried messages are logged the same way everywhere.
 */
@Injectable()
export abstract class EventSubscription implements OnApplicationBootstrap, OnModuleDestroy {
  private consumer: KafkaEventConsumer | undefined;

  @Inject(KAFKA) private readonly kafka!: Kafka;
  @Inject(LOGGER) protected readonly logger!: JsonLogger;
  @Inject(SERVICE_CONFIG) private readonly serviceConfig!: CommonConfig;
  @Inject(METRICS) private readonly metrics!: Registry;

  private get dropped() {
    return counterIn(
      this.metrics,
      'events_dropped_total',
      'Consumed messages skipped without being applied',
      ['topic', 'reason'],
    );
  }

  /** The consumer group, without the deployment's topic prefix. */
  protected abstract readonly group: string;
  protected abstract topics(): string[];
  /** Sees only events whose data matches their type's schema; the rest are dropped and counted. */
  protected abstract handle: (consumed: KnownConsumedEvent) => Promise<void>;

  async onApplicationBootstrap(): Promise<void> {
    const group = this.group;
    const lag = gaugeIn(
      this.metrics,
      'kafka_consumer_lag',
      'Messages behind the end of the partition, per consumer group',
      ['group', 'topic', 'partition'],
    );
    const retries = counterIn(
      this.metrics,
      'event_handler_retries_total',
      'Failed handler attempts that will be retried',
      ['group', 'type'],
    );
    this.consumer = new KafkaEventConsumer(this.kafka, {
      groupId: `${this.serviceConfig.KAFKA_TOPIC_PREFIX}${group}`,
      topics: this.topics(),
      handler: async (consumed) => {
        const parsed = parseKnownEvent(consumed.event);
        if (parsed.outcome === 'known') return this.handle({ ...consumed, event: parsed.event });
        const { topic, offset } = consumed;
        if (parsed.outcome === 'invalid')
          this.logger.event('warn', 'skipped an event whose data breaks its schema', {
            topic,
            offset,
            eventId: consumed.event.id,
            type: consumed.event.type,
            error: parsed.error,
          });
        // An unknown type comes from a newer producer: not ours to act on.
        this.dropped.inc({ topic, reason: parsed.outcome });
      },
      onInvalid: ({ topic, offset, error }) => {
        this.logger.event('warn', 'skipped a message that is not a CloudEvent', {
          topic,
          offset,
          error: String(error),
        });
        this.dropped.inc({ topic, reason: 'invalid' });
      },
      ownerOf: (topic) => {
        const key = topicKeyOf(topicNames(this.serviceConfig.KAFKA_TOPIC_PREFIX), topic);
        return key === undefined ? undefined : EVENT_SOURCES[key];
      },
      onForeignSource: ({ topic, offset, event }) => {
        this.logger.event('warn', 'dropped an event from a service that does not own its topic', {
          topic,
          offset,
          eventId: event.id,
          source: event.source,
        });
        this.dropped.inc({ topic, reason: 'foreign_source' });
      },
      onHandlerError: ({ event, attempt, error }) => {
        retries.inc({ group, type: event.type });
        this.logger.event('error', 'event handler failed; retrying', {
          eventId: event.id,
          type: event.type,
          attempt,
          ...describeError(error),
        });
      },
      onBatchDone: ({ topic, partition, offsetLag }) =>
        lag.set({ group, topic, partition: String(partition) }, offsetLag),
    });
    await this.consumer.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.consumer?.stop();
  }
}
