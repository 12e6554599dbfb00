import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  problemOf,
  type Caller,
  type CreateBookingRequest,
  type TopicNames,
} from '@booking/contracts';
import { isPgError, PG_ERRORS } from '@booking/db';
import { CLOCK, OUTBOX_WRITER, SERVICE_CONFIG, TOPIC_NAMES } from '@booking/nest-kit';
import type { OutboxWriter } from '@booking/outbox';
import { formatUtc, type Clock } from '@booking/time';
import type { BookingConfig } from '../../booking-config';
import { bookingEvent } from '../../bookings/application/booking-events';
import { slotUnavailable } from '../../bookings/application/create-hold.usecase';
import { PaymentLinks } from '../../bookings/application/payment-links';
import { newBooking } from '../../bookings/domain/new-booking';
import { AvailabilityCache } from '../../bookings/infrastructure/availability-cache';
import { BookingRepository } from '../../bookings/infrastructure/booking.repository';
import { HoldRateLimiter } from '../../bookings/infrastructure/hold-rate-limiter';
import {
  fingerprintOf,
  IdempotencyStore,
  type IdempotentResult,
} from '../../bookings/infrastructure/idempotency-store';
import { toBookingView } from '../../bookings/interface/booking-view';
import { ResourceRepository } from '../../resources/infrastructure/resource.repository';
import { planSeries } from '../domain/series-plan';
import type { Series } from '../domain/series';
import { SeriesRepository } from '../infrastructure/series.repository';
import type { CreatedSeriesView } from '../interface/series-view';

/**
 * `POST /bookings` with `rrule`: every occurrence up to the horizon held in one transaction under
 * the resource's row lock. Clashes are looked up for all occurrences at once so the 409 can list
 * them; the exclusion constraint still has the last word at insert.
 */
@Injectable()
export class CreateSeries {
  constructor(
    private readonly resources: ResourceRepository,
    private readonly bookings: BookingRepository,
    private readonly series: SeriesRepository,
    private readonly idempotency: IdempotencyStore,
    private readonly rateLimiter: HoldRateLimiter,
    private readonly cache: AvailabilityCache,
    private readonly paymentLinks: PaymentLinks,
    @Inject(OUTBOX_WRITER) private readonly outbox: OutboxWriter,
    @Inject(TOPIC_NAMES) private readonly topics: TopicNames,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly config: BookingConfig,
  ) {}

  async execute(
    caller: Caller,
    request: CreateBookingRequest & { rrule: string },
    idempotencyKey: string | undefined,
  ): Promise<IdempotentResult> {
    const now = this.clock.now();
    let city: string | undefined;
    const result = await this.idempotency.run(
      { customerId: caller.userId, key: idempotencyKey, fingerprint: fingerprintOf(request), now },
      async (tx) => {
        const resource = await this.resources.findForHold(tx, request.resourceId);
        if (!resource) throw new DomainError('not_found', `No resource ${request.resourceId}.`);
        const plan = planSeries({
          request,
          resource,
          now,
          limits: { maxBookingDays: this.config.MAX_BOOKING_DAYS },
        });
        await this.rateLimiter.consume(caller.userId);
        city = resource.city;
        const clashes = await this.bookings.clashingRanges(
          tx,
          resource.resourceId,
          plan.occurrences.map((occurrence) => occurrence.blocked),
        );
        const conflict = (conflicts: typeof plan.occurrences) =>
          slotUnavailable(resource.resourceId, {
            conflicts: conflicts.map((occurrence) => ({
              recurrenceId: formatUtc(occurrence.recurrenceId),
              start: formatUtc(occurrence.start),
              end: formatUtc(occurrence.end),
            })),
          });
        if (clashes.length > 0) {
          const refused = conflict(clashes.map((index) => plan.occurrences[index]!));
          if (idempotencyKey === undefined) throw refused;
          return { status: 409, body: problemOf(refused.code, refused.message, refused.extensions) };
        }
        const series: Series = {
          seriesId: randomUUID(),
          resourceId: resource.resourceId,
          customerId: caller.userId,
          rrule: plan.rule.text,
          timeZone: plan.spec.zone,
          startWall: plan.spec.start,
          endWall: plan.spec.end,
          onMissingDay: plan.spec.onMissingDay,
          onNonexistent: plan.spec.onNonexistent,
          disambiguation: plan.spec.disambiguation,
          status: 'ACTIVE',
          heldUntil: plan.heldUntil,
          cancelledRecurrences: [],
          conflicts: [],
          contact: request.contact ?? null,
          createdAt: now,
          updatedAt: now,
        };
        await this.series.insert(tx, series);
        const held = plan.occurrences.map((occurrence) =>
          newBooking(
            {
              period: occurrence,
              blocked: occurrence.blocked,
              timeZone: series.timeZone,
              status: 'CONFIRMED',
              holdExpiresAt: null,
            },
            resource,
            caller,
            request,
            now,
            { seriesId: series.seriesId, recurrenceId: occurrence.recurrenceId },
          ),
        );
        try {
          for (const booking of held) await this.bookings.insert(tx, booking);
        } catch (error) {
          // Only a booking made since the look-up (a concurrent reschedule) can get here.
          if (isPgError(error, PG_ERRORS.exclusionViolation)) throw conflict([]);
          throw error;
        }
        for (const booking of held)
          await this.outbox.write(tx, bookingEvent(this.topics, 'booking.confirmed', booking));
        const body: CreatedSeriesView = {
          seriesId: series.seriesId,
          rrule: series.rrule,
          timeZone: series.timeZone,
          occurrences: held.map((booking) => toBookingView(booking, this.paymentLinks.forBooking)),
        };
        return { status: 201, body };
      },
    );
    if (result.status === 201 && !result.replayed && city !== undefined) await this.cache.invalidate([city]);
    return result;
  }
}
