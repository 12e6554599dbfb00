import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { BOOKING_EVENT_TYPES } from '@booking/contracts';
import type { KnownConsumedEvent } from '@booking/nest-kit';
import { RecordEvent } from '../application/record-event.usecase';
import { SendNotificationsJob } from '../application/send-notifications.job';

/** booking.v1 (confirmations, moves, cancellations) and refund.v1 (refunds made) become messages. */
@Controller()
export class NotificationEventConsumer {
  constructor(
    private readonly recordEvent: RecordEvent,
    private readonly job: SendNotificationsJob,
  ) {}

  @EventPattern([...BOOKING_EVENT_TYPES, 'refund.succeeded'])
  async record(@Payload() { event }: KnownConsumedEvent): Promise<void> {
    if (await this.recordEvent.handle(event)) this.job.wake();
  }
}
