import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { isBookingEvent, type KnownEvent } from '@booking/contracts';
import type { TransactionClient } from '@booking/db';
import { CLOCK, PG_POOL } from '@booking/nest-kit';
import { Inbox } from '@booking/outbox';
import type { Clock } from '@booking/time';
import type { BookingSnapshot } from '../domain/notification';
import { planFor, REMINDER_KINDS, type EventFacts, type SeriesContext } from '../domain/notification-plan';
import { NotificationRepository } from './ports/notification.repository';
import { CalendarSyncRepository } from '../../calendar-sync/application/ports/calendar-sync.repository';
import { SeriesSnapshotRepository } from '../../calendar-sync/application/ports/series-snapshot.repository';

/**
 * Turns booking and refund events into messages to send (and a booking's calendar entry due). The inbox drops a re-delivered event,
 * and the (booking, kind) key drops a second event asking for the same message: each kind is
 * made once per booking.
 */
@Injectable()
export class RecordEvent {
  private readonly inbox = new Inbox('notification.events');

  constructor(
    private readonly notifications: NotificationRepository,
    private readonly calendarSync: CalendarSyncRepository,
    private readonly series: SeriesSnapshotRepository,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Resolves true when a message may be due now. */
  async handle(event: KnownEvent): Promise<boolean> {
    if (event.type === 'refund.succeeded') {
      const refund = event;
      const now = this.clock.now();
      const added = await this.inbox.once(this.pool, event, (tx) =>
        this.notifications.addOnce(
          tx,
          {
            bookingId: refund.data.bookingId,
            kind: 'refund',
            scheduledFor: now,
            details: { amount: refund.data.amount, currency: refund.data.currency },
          },
          now,
        ),
      );
      return added === true;
    }
    if (!isBookingEvent(event)) return false;
    const { bookingId, resourceId, customerId, status, timeZone, contact, version, seriesId } = event.data;
    const booking: BookingSnapshot = {
      bookingId,
      resourceId,
      seriesId,
      recurrenceId: event.data.recurrenceId === null ? null : new Date(event.data.recurrenceId),
      customerId,
      status,
      timeZone,
      contact,
      version,
      // Events from before it was carried: their version, which only ever ran ahead of it.
      calendarSequence: event.data.calendarSequence ?? version,
      start: new Date(event.data.start),
      end: new Date(event.data.end),
    };
    const scope = event.type === 'booking.cancelled' ? event.data.scope : undefined;
    const applied = await this.inbox.once(this.pool, event, (tx) =>
      this.apply(tx, event.type, booking, scope),
    );
    return applied === true;
  }

  private async apply(
    tx: TransactionClient,
    type: string,
    booking: BookingSnapshot,
    scope: EventFacts['scope'],
  ): Promise<boolean> {
    const now = this.clock.now();
    // Also what series.changed takes: whether a series is announced, or cancelled, is decided once.
    if (booking.resourceId) await this.calendarSync.lockResource(tx, booking.resourceId);
    await this.notifications.saveSnapshot(tx, booking, now);
    // In the same transaction as the inbox row: what the resource's calendar should now show. An
    // occurrence is drawn as an exception of its series' recurring event.
    const { resourceId, seriesId } = booking;
    if (resourceId && seriesId) await this.calendarSync.wantSeries(tx, { seriesId, resourceId }, now);
    else if (resourceId) await this.calendarSync.want(tx, { ...booking, resourceId }, now);
    const series =
      seriesId && type === 'booking.confirmed' ? await this.seriesContext(tx, seriesId) : undefined;
    const plan = planFor(type, booking, now, { scope, series });
    for (const message of plan.send) {
      await this.notifications.addOnce(tx, { bookingId: booking.bookingId, ...message }, now);
    }
    const reminders = plan.reminders;
    for (const kind of reminders ? REMINDER_KINDS : []) {
      await this.notifications.setReminder(tx, booking.bookingId, kind, reminders?.[kind] ?? null, now);
    }
    return plan.send.length > 0;
  }

  private async seriesContext(tx: TransactionClient, seriesId: string): Promise<SeriesContext> {
    const carrier = await this.notifications.seriesCarrier(tx, seriesId);
    const series = await this.series.find(tx, seriesId);
    return { announced: carrier !== null, cancelled: series?.status === 'CANCELLED' };
  }
}
