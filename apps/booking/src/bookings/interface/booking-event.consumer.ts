import { Inject, Injectable } from '@nestjs/common';
import type { TopicNames } from '@booking/contracts';
import { EventSubscription, type KnownConsumedEvent, TOPIC_NAMES } from '@booking/nest-kit';
import { ApplyPayment } from '../application/apply-payment.usecase';
import { ApplyRefundOutcome } from '../application/apply-refund-outcome.usecase';

/** The booking service's subscriptions: payments confirm holds, refund outcomes show on bookings. */
@Injectable()
export class BookingEventConsumer extends EventSubscription {
  protected readonly group = 'booking-service';

  constructor(
    private readonly applyPayment: ApplyPayment,
    private readonly applyRefundOutcome: ApplyRefundOutcome,
    @Inject(TOPIC_NAMES) private readonly topicNames: TopicNames,
  ) {
    super();
  }

  protected topics(): string[] {
    return [this.topicNames.payment, this.topicNames.refund];
  }

  protected handle = async ({ event }: KnownConsumedEvent): Promise<void> => {
    if (event.type === 'payment.succeeded') return this.applyPayment.handle(event);
    if (event.type === 'refund.succeeded' || event.type === 'refund.failed')
      return this.applyRefundOutcome.handle(event);
    // Other types on these topics are not ours to act on.
  };
}
