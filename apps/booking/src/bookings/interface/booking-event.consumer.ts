import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Kafka } from 'kafkajs';
import type { TopicNames } from '@booking/contracts';
import { KafkaEventConsumer, type ConsumedEvent } from '@booking/kafka';
import {
  describeError,
  KAFKA,
  LOGGER,
  SERVICE_CONFIG,
  TOPIC_NAMES,
  type JsonLogger,
} from '@booking/nest-kit';
import type { BookingConfig } from '../../booking-config';
import { ApplyPayment } from '../application/apply-payment.usecase';
import { ApplyRefundOutcome } from '../application/apply-refund-outcome.usecase';

/** The booking service's subscriptions: payments confirm holds, refund outcomes show on bookings. */
@Injectable()
export class BookingEventConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private consumer: KafkaEventConsumer | undefined;

  constructor(
    private readonly applyPayment: ApplyPayment,
    private readonly applyRefundOutcome: ApplyRefundOutcome,
    @Inject(KAFKA) private readonly kafka: Kafka,
    @Inject(TOPIC_NAMES) private readonly topics: TopicNames,
    @Inject(LOGGER) private readonly logger: JsonLogger,
    @Inject(SERVICE_CONFIG) private readonly config: BookingConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.consumer = new KafkaEventConsumer(this.kafka, {
      groupId: `${this.config.KAFKA_TOPIC_PREFIX}booking-service`,
      topics: [this.topics.payment, this.topics.refund],
      handler: (consumed) => this.dispatch(consumed),
      onInvalid: ({ topic, offset, error }) =>
        this.logger.event('warn', 'skipped a message that is not a CloudEvent', {
          topic,
          offset,
          error: String(error),
        }),
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

  private async dispatch({ event }: ConsumedEvent): Promise<void> {
    switch (event.type) {
      case 'payment.succeeded':
        return this.applyPayment.handle(event);
      case 'refund.succeeded':
      case 'refund.failed':
        return this.applyRefundOutcome.handle(event);
      default:
        // Other types on these topics are not ours to act on.
        return;
    }
  }
}
