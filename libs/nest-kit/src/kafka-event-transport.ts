import {
  Catch,
  Injectable,
  type INestApplication,
  type OnModuleDestroy,
  type RpcExceptionFilter,
} from '@nestjs/common';
import { Server, type CustomTransportStrategy, type NestMicroservice } from '@nestjs/microservices';
import type { Kafka } from 'kafkajs';
import { lastValueFrom, throwError, type Observable } from 'rxjs';
import type { Registry } from 'prom-client';
import type { CommonConfig } from '@booking/config';
import {
  CONSUMED_TOPICS,
  deadLetterTopic,
  EVENT_SOURCES,
  EVENT_TOPIC,
  isEventType,
  parseKnownEvent,
  topicKeyOf,
  topicName,
  topicNames,
  type EventType,
  type KafkaClient,
  type KnownEvent,
  type TopicName,
} from '@booking/contracts';
import { KafkaEventConsumer, KafkaPublisher, type ConsumedEvent } from '@booking/kafka';
import { describeError, type JsonLogger } from './json-logger';
import { counterIn, gaugeIn, METRICS } from './metrics';
import { Readiness } from './readiness';
import { KAFKA, LOGGER, SERVICE_CONFIG } from './tokens';

/** What an `@EventPattern('booking.confirmed')` handler receives: the event, its data parsed. */
export type KnownConsumedEvent = Omit<ConsumedEvent, 'event'> & { event: KnownEvent };

interface TransportSettings {
  /** The consumer group, without the deployment's topic prefix. */
  group: string;
  kafka: Kafka;
  config: CommonConfig;
  logger: JsonLogger;
  metrics: Registry;
  /** The topics the service's Kafka user may read; when given, its handlers must read exactly these. */
  consumes?: readonly TopicName[];
}

/**
 * Nest's microservices transport over the platform's Kafka consumer: `@EventPattern` handlers by
 * event type, with today's guarantees. Each handler runs its effect and the inbox row in one
 * transaction; a partition's messages are handled one after another; offsets are committed only
 * after the handler succeeded; a failing handler is retried with backoff on the same message and,
 * after EVENT_MAX_ATTEMPTS, moved to `<topic>.dlq` so that it no longer holds up its partition.
 * The topics read are those of the event types that have a handler.
 */
export class KafkaEventTransport extends Server implements CustomTransportStrategy {
  private consumer: KafkaEventConsumer | undefined;
  private readonly deadLetters: KafkaPublisher;

  constructor(private readonly settings: TransportSettings) {
    super();
    this.deadLetters = new KafkaPublisher(settings.kafka);
  }

  listen(callback: (error?: unknown) => void): void {
    this.start().then(() => callback(), callback);
  }

  /** Idempotent: shutdown stops it first (EventHandlersLifecycle), and closing the app again. */
  async close(): Promise<void> {
    const consumer = this.consumer;
    this.consumer = undefined;
    await consumer?.stop();
    await this.deadLetters.disconnect().catch(() => undefined);
  }

  on(): never {
    throw new Error('KafkaEventTransport has no events to listen to');
  }

  unwrap<T>(): T {
    return this.consumer as T;
  }

  private async start(): Promise<void> {
    const { group, kafka, config, logger, metrics } = this.settings;
    const prefix = config.KAFKA_TOPIC_PREFIX;
    const types = [...this.messageHandlers.keys()].filter(isEventType);
    if (this.settings.consumes) assertConsumedAsDeclared(group, types, this.settings.consumes);
    const topics = [...new Set(types.map((type) => topicName(EVENT_TOPIC[type], prefix)))];
    const { dropped, lag, retries, deadLettered } = consumerMetrics(metrics);
    this.consumer = new KafkaEventConsumer(kafka, {
      groupId: `${prefix}${group}`,
      topics,
      maxAttempts: config.EVENT_MAX_ATTEMPTS,
      handler: (consumed) =>
        this.dispatch(consumed, (reason) => dropped.inc({ topic: consumed.topic, reason })),
      onInvalid: ({ topic, offset, error }) => {
        logger.event('warn', 'skipped a message that is not a CloudEvent', {
          topic,
          offset,
          error: String(error),
        });
        dropped.inc({ topic, reason: 'invalid' });
      },
      ownerOf: (topic) => {
        const key = topicKeyOf(topicNames(prefix), topic);
        return key === undefined ? undefined : EVENT_SOURCES[key];
      },
      onForeignSource: ({ topic, offset, event }) => {
        logger.event('warn', 'dropped an event from a service that does not own its topic', {
          topic,
          offset,
          eventId: event.id,
          source: event.source,
        });
        dropped.inc({ topic, reason: 'foreign_source' });
      },
      onHandlerError: ({ event, attempt, error }) => {
        retries.inc({ group, type: event.type });
        logger.event('error', 'event handler failed; retrying', {
          eventId: event.id,
          type: event.type,
          attempt,
          ...describeError(error),
        });
      },
      onBatchDone: ({ topic, partition, offsetLag }) =>
        lag.set({ group, topic, partition: String(partition) }, offsetLag),
      deadLetter: async ({ consumed, attempts, error }) => {
        await this.sendToDeadLetters(consumed, attempts, error);
        deadLettered.inc({ group, topic: consumed.topic, type: consumed.event.type });
        logger.event('error', 'event moved to the dead-letter topic after its last attempt', {
          eventId: consumed.event.id,
          type: consumed.event.type,
          attempts,
        });
      },
    });
    // Only connected and subscribed: HTTP starts while the group rebalances (see consumerJoined).
    await this.consumer.connect();
  }

  /** Resolves once this instance has joined its consumer group, rejects before; readiness reports it. */
  consumerJoined(): Promise<void> {
    return this.consumer?.joined
      ? Promise.resolve()
      : Promise.reject(new Error('joining its consumer group'));
  }

  /** The event as it arrived, and where it came from and why it failed, in headers. */
  private sendToDeadLetters(consumed: ConsumedEvent, attempts: number, error: unknown): Promise<void> {
    return this.deadLetters.publish([
      {
        topic: deadLetterTopic(consumed.topic),
        key: consumed.key ?? consumed.event.subject,
        value: JSON.stringify(consumed.event),
        headers: {
          'dlq-group': this.settings.group,
          'dlq-topic': consumed.topic,
          'dlq-partition': String(consumed.partition),
          'dlq-offset': consumed.offset,
          'dlq-attempts': String(attempts),
          'dlq-error': String(describeError(error)['error']).slice(0, 1_000),
        },
      },
    ]);
  }

  /** Parse, don't cast: the handler of the event's type sees it only if its data matches the schema. */
  private async dispatch(consumed: ConsumedEvent, drop: (reason: string) => void): Promise<void> {
    const parsed = parseKnownEvent(consumed.event);
    if (parsed.outcome !== 'known') {
      if (parsed.outcome === 'invalid')
        this.settings.logger.event('warn', 'skipped an event whose data breaks its schema', {
          topic: consumed.topic,
          offset: consumed.offset,
          eventId: consumed.event.id,
          type: consumed.event.type,
          error: parsed.error,
        });
      // An unknown type comes from a newer producer: not ours to act on.
      return drop(parsed.outcome);
    }
    const handler = this.getHandlerByPattern(parsed.event.type);
    // Another type on a topic we read: not this service's to act on.
    if (!handler) return;
    const delivered: KnownConsumedEvent = { ...consumed, event: parsed.event };
    await lastValueFrom(this.transformToObservable(await handler(delivered)), { defaultValue: undefined });
  }
}

function consumerMetrics(metrics: Registry) {
  return {
    dropped: counterIn(metrics, 'events_dropped_total', 'Consumed messages skipped without being applied', [
      'topic',
      'reason',
    ]),
    lag: gaugeIn(
      metrics,
      'kafka_consumer_lag',
      'Messages behind the end of the partition, per consumer group',
      ['group', 'topic', 'partition'],
    ),
    retries: counterIn(
      metrics,
      'event_handler_retries_total',
      'Failed handler attempts that will be retried',
      ['group', 'type'],
    ),
    deadLettered: counterIn(
      metrics,
      'events_dead_lettered_total',
      'Events moved to <topic>.dlq after their last attempt',
      ['group', 'topic', 'type'],
    ),
  };
}

/**
 * Nest's default filter for event handlers replaces any error with "Internal server error"; this
 * one hands the handler's own error to the consumer, which logs it, retries and dead-letters by it.
 */
@Catch()
export class KeepHandlerErrors implements RpcExceptionFilter {
  catch(error: unknown): Observable<never> {
    return throwError(() => error);
  }
}

/**
 * Stops consuming when shutdown begins, before the outbox relay and the pool close: Nest's
 * signal handling runs the lifecycle hooks but does not close connected microservices.
 */
@Injectable()
export class EventHandlersLifecycle implements OnModuleDestroy {
  transport: KafkaEventTransport | undefined;

  async onModuleDestroy(): Promise<void> {
    await this.transport?.close();
  }
}

/**
 * The topics a service's handlers read are what its Kafka user may read (CONSUMED_TOPICS, from
 * which the deployment's ACLs are made): a handler added without its ACL stops the start here,
 * not in production at its first event.
 */
export function assertConsumedAsDeclared(
  group: string,
  types: readonly EventType[],
  consumes: readonly TopicName[],
): void {
  const read = [...new Set(types.map((type) => EVENT_TOPIC[type]))].sort();
  const declared = [...consumes].sort();
  if (read.join() !== declared.join())
    throw new Error(
      `${group} handles events of ${read.join(', ') || 'no topic'}, but CONSUMED_TOPICS (its Kafka ACLs) says ${declared.join(', ') || 'none'}`,
    );
}

/** Connects the app's `@EventPattern` handlers to Kafka as consumer group `group`, and starts them. */
export async function startEventHandlers(app: INestApplication, group: KafkaClient): Promise<void> {
  const transport = new KafkaEventTransport({
    group,
    consumes: CONSUMED_TOPICS[group],
    kafka: app.get<Kafka>(KAFKA),
    config: app.get<CommonConfig>(SERVICE_CONFIG),
    logger: app.get<JsonLogger>(LOGGER),
    metrics: app.get<Registry>(METRICS),
  });
  app.get(EventHandlersLifecycle).transport = transport;
  // Not gating: requests need no consumer, and events wait in Kafka until the group has settled.
  app.get(Readiness).register('events', () => transport.consumerJoined(), { gating: false });
  await connectEventHandlers(app, transport);
}

/**
 * Connects `transport` to an initialised app's handlers with their own exception filter, and
 * starts it. The filter must be in place before the handlers are registered (Nest reads global
 * filters then), so registration waits for it; the app's init hooks have already run.
 */
export async function connectEventHandlers(
  app: INestApplication,
  transport: KafkaEventTransport,
): Promise<void> {
  // Not the HTTP app's global filters: they answer problem+json to a request there is none of here.
  const microservice = app.connectMicroservice({ strategy: transport }, { deferInitialization: true });
  (microservice as NestMicroservice).setIsInitHookCalled(true);
  microservice.useGlobalFilters(new KeepHandlerErrors());
  await app.startAllMicroservices();
}
