import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { DomainError, type Caller, type TopicNames } from '@booking/contracts';
import { withTransaction } from '@booking/db';
import { CLOCK, OUTBOX_WRITER, PG_POOL, TOPIC_NAMES } from '@booking/nest-kit';
import type { OutboxWriter } from '@booking/outbox';
import { expandSeries, formatUtc, type Clock } from '@booking/time';
import { bookingEvent } from '../../bookings/application/booking-events';
import { ChangeBooking } from '../../bookings/application/change-booking.usecase';
import type { Booking } from '../../bookings/domain/booking';
import type { RefundDecision } from '../../bookings/domain/refund-policy';
import { AvailabilityCache } from '../../bookings/application/ports/availability-cache';
import { BookingRepository } from '../../bookings/application/ports/booking.repository';
import { CustomerStanding } from '../../customers/application/customer-standing';
import { lateCancelBefore } from '../../customers/domain/standing';
import { ResourceRepository } from '../../resources/application/ports/resource.repository';
import { specOf, type Series } from '../domain/series';
import { SeriesRepository } from './ports/series.repository';
import { seriesChanged } from './series-events';
import { SeriesOccurrences } from './series-occurrences.usecase';

/** Ending a series from now on, or taking one occurrence out of it (an exception by RECURRENCE-ID). */
@Injectable()
export class CancelSeries {
  constructor(
    private readonly series: SeriesRepository,
    private readonly occurrences: SeriesOccurrences,
    private readonly bookings: BookingRepository,
    private readonly resources: ResourceRepository,
    private readonly change: ChangeBooking,
    private readonly cache: AvailabilityCache,
    private readonly standing: CustomerStanding,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(OUTBOX_WRITER) private readonly outbox: OutboxWriter,
    @Inject(TOPIC_NAMES) private readonly topics: TopicNames,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Every occurrence starting from now is cancelled and none is held any more; past ones stay. */
  async cancelFromNow(caller: Caller, seriesId: string): Promise<{ series: Series; cancelled: number }> {
    await this.occurrences.visible(caller, seriesId);
    const now = this.clock.now();
    const result = await withTransaction(this.pool, async (tx) => {
      const series = (await this.series.lock(tx, seriesId))!;
      if (series.status === 'CANCELLED')
        throw new DomainError('invalid_transition', 'The series is cancelled already.', {
          currentStatus: 'CANCELLED',
        });
      // A customer's cancel of an occurrence about to start is a late cancel, as it is one by one.
      const strikeBefore = caller.role === 'customer' ? lateCancelBefore(now, this.standing.rules) : null;
      const cancelled = await this.bookings.cancelSeriesFrom(tx, seriesId, now, strikeBefore);
      for (const booking of cancelled)
        await this.outbox.write(
          tx,
          bookingEvent(this.topics, 'booking.cancelled', booking, {
            refundAmount: 0,
            refundPercent: 0,
            cancelledBy: caller.role,
            reason: 'series cancelled',
            scope: 'series',
          }),
        );
      await this.outbox.write(
        tx,
        seriesChanged(this.topics, await this.series.markCancelled(tx, seriesId, now)),
      );
      return {
        series: { ...series, status: 'CANCELLED' as const, updatedAt: now },
        cancelled: cancelled.length,
      };
    });
    await this.invalidate(result.series.resourceId);
    return result;
  }

  /**
   * One occurrence: a held one is cancelled like any booking (refund tiers included); one not held
   * yet is recorded so the job never holds it. A RECURRENCE-ID the rule does not produce is 404.
   */
  async cancelOccurrence(
    caller: Caller,
    seriesId: string,
    recurrenceId: Date,
    reason: string | undefined,
  ): Promise<{ booking: Booking; refund: RefundDecision } | { recurrenceId: string; status: 'CANCELLED' }> {
    const series = await this.occurrences.visible(caller, seriesId);
    const booking = await this.bookings.findOccurrence(seriesId, recurrenceId);
    if (booking) return this.change.cancel(caller, booking.bookingId, reason);
    const exists = expandSeries(
      specOf(series),
      recurrenceId,
      new Date(recurrenceId.getTime() + 1),
    ).occurrences.some((occurrence) => occurrence.recurrenceId.getTime() === recurrenceId.getTime());
    if (!exists)
      throw new DomainError('not_found', `The series has no occurrence ${formatUtc(recurrenceId)}.`);
    await withTransaction(this.pool, async (tx) => {
      const changed = await this.series.addCancelledRecurrence(
        tx,
        seriesId,
        formatUtc(recurrenceId),
        this.clock.now(),
      );
      if (changed) await this.outbox.write(tx, seriesChanged(this.topics, changed));
    });
    return { recurrenceId: formatUtc(recurrenceId), status: 'CANCELLED' };
  }

  async bookingOf(caller: Caller, seriesId: string, recurrenceId: Date): Promise<Booking> {
    await this.occurrences.visible(caller, seriesId);
    const booking = await this.bookings.findOccurrence(seriesId, recurrenceId);
    if (!booking) throw new DomainError('not_found', `Occurrence ${formatUtc(recurrenceId)} is not held.`);
    return booking;
  }

  private async invalidate(resourceId: string): Promise<void> {
    const resource = await this.resources.findById(resourceId);
    if (resource) await this.cache.invalidate([resource.city]);
  }
}
