import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { DomainError, type Caller, type RescheduleBookingRequest, type TopicNames } from '@booking/contracts';
import { isPgError, PG_ERRORS, withTransaction } from '@booking/db';
import { CLOCK, OUTBOX_WRITER, PG_POOL, SERVICE_CONFIG, TOPIC_NAMES } from '@booking/nest-kit';
import type { OutboxWriter } from '@booking/outbox';
import { formatUtc, type Clock } from '@booking/time';
import { holdLimitsOf, type BookingConfig } from '../../booking-config';
import { CustomerStanding } from '../../customers/application/customer-standing';
import { ResourceRepository } from '../../resources/application/ports/resource.repository';
import type { Booking } from '../domain/booking';
import {
  bookingNotFound,
  invalidTransition,
  RESCHEDULABLE_STATUSES,
  slotUnavailable,
} from '../domain/booking-status';
import { termsStartAfterMove } from '../domain/cancel-terms';
import { blockedOf, checkPeriod, movedPeriod, resolveMoment } from '../domain/hold-plan';
import { AvailabilityCache } from './ports/availability-cache';
import { BookingRepository } from './ports/booking.repository';
import { bookingEvent } from './booking-events';

/**
 * `POST /bookings/{id}/reschedule`: the same booking moved, in one transaction under its row
 * lock, checked against every other booking by the exclusion constraint. A refused move (taken,
 * or over the limit) rolls back whole: the old period stays and no move is counted.
 */
@Injectable()
export class RescheduleBooking {
  constructor(
    private readonly bookings: BookingRepository,
    private readonly resources: ResourceRepository,
    private readonly cache: AvailabilityCache,
    private readonly standing: CustomerStanding,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(OUTBOX_WRITER) private readonly outbox: OutboxWriter,
    @Inject(TOPIC_NAMES) private readonly topics: TopicNames,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly config: BookingConfig,
  ) {}

  async execute(caller: Caller, bookingId: string, request: RescheduleBookingRequest): Promise<Booking> {
    const visible = await this.bookings.findVisible(bookingId, caller);
    if (!visible) throw bookingNotFound(bookingId);
    const resource = (await this.resources.findById(visible.resourceId))!;
    const moved = await withTransaction(this.pool, async (tx) => {
      const current = (await this.bookings.lockById(tx, bookingId))!;
      if (!RESCHEDULABLE_STATUSES.includes(current.status))
        throw invalidTransition(current.status, 'reschedule');
      const limit = resource.cancellationPolicy.maxReschedules;
      if (current.rescheduleCount >= limit)
        throw new DomainError('reschedule_limit', `A booking may be moved at most ${limit} times.`, {
          maxReschedules: limit,
        });
      const now = this.clock.now();
      const timeZone = request.timeZone ?? current.timeZone;
      const disambiguation = request.disambiguation ?? undefined;
      const period = movedPeriod(
        current.period,
        resolveMoment('start', request.start, timeZone, disambiguation),
        request.end === undefined ? undefined : resolveMoment('end', request.end, timeZone, disambiguation),
      );
      checkPeriod(period, resource, now, holdLimitsOf(this.config));
      // A customer moving their own booking books a new start; a host or admin moving it does not.
      if (caller.role === 'customer') await this.standing.mayBook(current.customerId, period.start, now, tx);
      const termsStart = termsStartAfterMove({
        termsStart: current.termsStart,
        newStart: period.start,
        now,
        movedBy: caller.role,
        policy: resource.cancellationPolicy,
        standing: this.standing.rules,
      });
      const booking = await this.bookings
        .move(tx, { bookingId, period, blocked: blockedOf(period, resource), timeZone, termsStart, now })
        .catch((error: unknown) => {
          throw isPgError(error, PG_ERRORS.exclusionViolation) ? slotUnavailable(resource.resourceId) : error;
        });
      await this.outbox.write(
        tx,
        bookingEvent(this.topics, 'booking.rescheduled', booking!, {
          previousStart: formatUtc(current.period.start),
          previousEnd: formatUtc(current.period.end),
        }),
      );
      return booking!;
    });
    await this.cache.invalidate([resource.city]);
    return moved;
  }
}
