import { Inject, Injectable } from '@nestjs/common';
import type { Caller, CreateBookingRequest, TopicNames } from '@booking/contracts';
import { isPgError, PG_ERRORS } from '@booking/db';
import { OUTBOX_WRITER, TOPIC_NAMES } from '@booking/nest-kit';
import type { OutboxWriter } from '@booking/outbox';
import type { Resource } from '../../resources/domain/resource';
import { slotUnavailable } from '../../bookings/domain/booking-status';
import { planHold, type HoldLimits, type HoldPlan } from '../../bookings/domain/hold-plan';
import { newBooking } from '../../bookings/domain/new-booking';
import { BookingRepository } from '../../bookings/application/ports/booking.repository';
import type { Replayable } from '../../bookings/application/ports/idempotency-store';
import type { Booking } from '../../bookings/domain/booking';
import type { BookingWarning } from '../../customers/domain/standing';
import { bookingEvent } from '../../bookings/application/booking-events';
import { HoldTransaction, type PlannedAgainst } from '../../bookings/application/hold-transaction';

/** What a hold request came to; kept with its Idempotency-Key, so a replay gets it again. */
export type HoldOutcome =
  { kind: 'held'; booking: Booking; warnings: BookingWarning[] } | { kind: 'taken'; resourceId: string };

/**
 * `POST /bookings`: validate and resolve the times first, then in one statement lock the resource row
 * (so racing holds queue rather than deadlock), insert, and let the exclusion constraint say yes
 * or no. Never "check, then insert". The key row, the booking and its event commit together.
 */
@Injectable()
export class CreateHold {
  constructor(
    private readonly holds: HoldTransaction,
    private readonly bookings: BookingRepository,
    @Inject(OUTBOX_WRITER) private readonly outbox: OutboxWriter,
    @Inject(TOPIC_NAMES) private readonly topics: TopicNames,
  ) {}

  execute(
    caller: Caller,
    request: CreateBookingRequest,
    idempotencyKey: string | undefined,
  ): Promise<Replayable<HoldOutcome>> {
    const prepare = (resource: Resource, now: Date, limits: HoldLimits) => {
      const plan = planHold({ request, resource, now, limits });
      return { plan, start: plan.period.start, held: 1 };
    };
    return this.holds.run(
      caller,
      request,
      idempotencyKey,
      prepare,
      async ({ tx, now, warnings, lock, ...planned }): Promise<HoldOutcome> => {
        const holdAgainst = async ({ resource, plan, version }: PlannedAgainst<HoldPlan>) => {
          const booking = newBooking(plan, resource, caller, request, now);
          const event = this.outbox.prepare(
            bookingEvent(
              this.topics,
              booking.status === 'HOLD' ? 'booking.held' : 'booking.confirmed',
              booking,
            ),
          );
          // Issued together: on the pipelined pool the statements share one round trip.
          const [saved, inserted] = await Promise.allSettled([
            idempotencyKey === undefined ? undefined : tx.query('SAVEPOINT hold'),
            this.bookings.insertIfResourceUnchanged(tx, booking, version, event),
          ]);
          if (saved.status === 'rejected') throw saved.reason;
          if (inserted.status === 'rejected') {
            if (!isPgError(inserted.reason, PG_ERRORS.exclusionViolation)) throw inserted.reason;
            // With a key, a conflict is an answer to store (hence the savepoint); without one, it ends the transaction.
            if (idempotencyKey === undefined) throw slotUnavailable(resource.resourceId);
            await tx.query('ROLLBACK TO SAVEPOINT hold');
            return { kind: 'taken', resourceId: resource.resourceId } as const;
          }
          return inserted.value ? ({ kind: 'held', booking, warnings } as const) : undefined;
        };
        // The resource changed since it was planned against: lock it, plan again, and insert.
        const outcome = (await holdAgainst(planned)) ?? (await holdAgainst(await lock()));
        if (!outcome) throw new Error(`resource ${request.resourceId} changed while locked`);
        return outcome;
      },
    );
  }
}
