import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Kafka } from 'kafkajs';
import { KafkaEventConsumer, type EventHandler } from '@booking/kafka';
import type { CommonConfig } from '@booking/config';
import { EVENT_SOURCES, topicKeyOf, topicNames } from '@booking/contracts';
import type { Registry } from 'prom-client';
import type { JsonLogger } from './json-logger';
import { describeError } from './json-logger';
import { counterIn, METRICS } from './metrics';
import { KAFKA, LOGGER, SERVICE_CONFIG } from './tokens';

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
  protected abstract handle: EventHandler;

  async onApplicationBootstrap(): Promise<void> {
    this.consumer = new KafkaEventConsumer(this.kafka, {
      groupId: `${this.serviceConfig.KAFKA_TOPIC_PREFIX}${this.group}`,
      topics: this.topics(),
      handler: (consumed) => this.handle(consumed),
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
      onHandlerError: ({ event, attempt, error }) =>
        this.logger.event('error', 'event handler failed; retrying', {
          eventId: event.id,
          type: event.type,
          attempt,
          ...describeError(error),
        }),
    });
    await this.consumer.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.consumer?.stop();
  }
}
