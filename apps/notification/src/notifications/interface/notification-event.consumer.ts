import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { BOOKING_EVENT_TYPES, isBookingEvent } from '@booking/contracts';
import type { KnownConsumedEvent } from '@booking/nest-kit';
import { RecordEvent } from '../application/record-event.usecase';
import { SendNotificationsJob } from '../application/send-notifications.job';
import { RecordSeries } from '../../calendar-sync/application/record-series.usecase';
import { SyncCalendarsJob } from '../../calendar-sync/application/sync-calendars.job';

/**
 * booking.v1 (confirmations, moves, cancellations) and refund.v1 (refunds made) become messages;
 * booking.v1 also becomes what the resource's calendar should show.
 */
@Controller()
export class NotificationEventConsumer {
  constructor(
    private readonly recordEvent: RecordEvent,
    private readonly job: SendNotificationsJob,
    private readonly calendarSync: SyncCalendarsJob,
    private readonly recordSeries: RecordSeries,
  ) {}

  @EventPattern([...BOOKING_EVENT_TYPES, 'refund.succeeded', 'series.changed'])
  async record(@Payload() { event }: KnownConsumedEvent): Promise<void> {
    if (event.type === 'series.changed') {
      if (await this.recordSeries.handle(event)) this.job.wake();
      return this.calendarSync.wake();
    }
    if (await this.recordEvent.handle(event)) this.job.wake();
    if (isBookingEvent(event)) this.calendarSync.wake();
  }
}
