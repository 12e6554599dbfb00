import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Caller, CreateBookingRequest, TopicNames } from '@booking/contracts';
import { isPgError, PG_ERRORS } from '@booking/db';
import { OUTBOX_WRITER, TOPIC_NAMES } from '@booking/nest-kit';
import type { OutboxWriter } from '@booking/outbox';
import type { Occurrence } from '@booking/time';
import type { Resource } from '../../resources/domain/resource';
import { bookingEvent } from '../../bookings/application/booking-events';
import type { Booking } from '../../bookings/domain/booking';
import { newBooking } from '../../bookings/domain/new-booking';
import { BookingRepository } from '../../bookings/application/ports/booking.repository';
import type { Replayable } from '../../bookings/application/ports/idempotency-store';
import type { BookingWarning } from '../../customers/domain/standing';
import { occurrencesTaken, planSeries } from '../domain/series-plan';
import type { HoldLimits } from '../../bookings/domain/hold-plan';
import type { Series } from '../domain/series';
import { SeriesRepository } from './ports/series.repository';
import { seriesChanged } from './series-events';
import { HoldTransaction } from '../../bookings/application/hold-transaction';

/** What a series request came to; kept with its Idempotency-Key, so a replay gets it again. */
export type SeriesOutcome =
  | { kind: 'created'; series: Series; occurrences: Booking[]; warnings: BookingWarning[] }
  | { kind: 'taken'; resourceId: string; conflicts: Occurrence[] };

/**
 * `POST /bookings` with `rrule`: the rule expanded and checked before the transaction, then every
 * occurrence up to the horizon held in one transaction under the resource's row lock (none, when
 * the first lies beyond it). Clashes are looked up for all occurrences at once so the 409 can list
 * them; the exclusion constraint still has the last word at insert.
 */
@Injectable()
export class CreateSeries {
  constructor(
    private readonly holds: HoldTransaction,
    private readonly bookings: BookingRepository,
    private readonly series: SeriesRepository,
    @Inject(OUTBOX_WRITER) private readonly outbox: OutboxWriter,
    @Inject(TOPIC_NAMES) private readonly topics: TopicNames,
  ) {}

  execute(
    caller: Caller,
    request: CreateBookingRequest & { rrule: string },
    idempotencyKey: string | undefined,
  ): Promise<Replayable<SeriesOutcome>> {
    const prepare = (resource: Resource, now: Date, limits: HoldLimits) => {
      const plan = planSeries({ request, resource, now, limits });
      return { plan, start: plan.firstStart, held: plan.occurrences.length };
    };
    return this.holds.run(
      caller,
      request,
      idempotencyKey,
      prepare,
      async ({ tx, lock, now, warnings }): Promise<SeriesOutcome> => {
        const { resource, plan } = await lock();
        const clashes = await this.bookings.clashingRanges(
          tx,
          resource.resourceId,
          plan.occurrences.map((occurrence) => occurrence.blocked),
        );
        if (clashes.length > 0) {
          const conflicts = clashes.map((index) => {
            const { recurrenceId, start, end } = plan.occurrences[index]!;
            return { recurrenceId, start, end };
          });
          if (idempotencyKey === undefined) throw occurrencesTaken(resource.resourceId, conflicts);
          return { kind: 'taken', resourceId: resource.resourceId, conflicts };
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
          version: 1,
          createdAt: now,
          updatedAt: now,
        };
        await this.series.insert(tx, series);
        await this.outbox.write(tx, seriesChanged(this.topics, series));
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
          if (isPgError(error, PG_ERRORS.exclusionViolation)) throw occurrencesTaken(resource.resourceId, []);
          throw error;
        }
        for (const booking of held)
          await this.outbox.write(tx, bookingEvent(this.topics, 'booking.confirmed', booking));
        return { kind: 'created', series, occurrences: held, warnings };
      },
    );
  }
}
