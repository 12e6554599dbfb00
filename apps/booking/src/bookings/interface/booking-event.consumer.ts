import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import type { KnownConsumedEvent } from '@booking/nest-kit';
import { ApplyPayment } from '../application/apply-payment.usecase';
import { ApplyRefundOutcome } from '../application/apply-refund-outcome.usecase';

type Consumed<T extends KnownConsumedEvent['event']['type']> = KnownConsumedEvent & {
  event: Extract<KnownConsumedEvent['event'], { type: T }>;
};

/** The booking service's subscriptions: payments confirm holds, refund outcomes show on bookings. */
@Controller()
export class BookingEventConsumer {
  constructor(
    private readonly applyPayment: ApplyPayment,
    private readonly applyRefundOutcome: ApplyRefundOutcome,
  ) {}

  @EventPattern('payment.succeeded')
  confirm(@Payload() { event }: Consumed<'payment.succeeded'>): Promise<void> {
    return this.applyPayment.handle(event);
  }

  @EventPattern(['refund.succeeded', 'refund.failed'])
  recordRefund(@Payload() { event }: Consumed<'refund.succeeded' | 'refund.failed'>): Promise<void> {
    return this.applyRefundOutcome.handle(event);
  }
}
