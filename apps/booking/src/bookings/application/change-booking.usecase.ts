import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { CancellationQuoteView, Caller, TopicNames } from '@booking/contracts';
import { withTransaction } from '@booking/db';
import { CLOCK, OUTBOX_WRITER, PG_POOL, SERVICE_CONFIG, TOPIC_NAMES } from '@booking/nest-kit';
import type { OutboxWriter } from '@booking/outbox';
import type { Clock } from '@booking/time';
import { CustomerStanding } from '../../customers/application/customer-standing';
import { isLateCancel } from '../../customers/domain/standing';
import { ResourceRepository } from '../../resources/application/ports/resource.repository';
import type { Resource } from '../../resources/domain/resource';
import type { Booking } from '../domain/booking';
import {
  allowedFrom,
  bookingNotFound,
  canTransition,
  invalidTransition,
  releasesPeriod,
  targetOf,
  type BookingAction,
} from '../domain/booking-status';
import { checkHostActionWindow } from '../domain/host-action-window';
import { refundFor, type RefundDecision } from '../domain/refund-policy';
import type { BookingConfig } from '../../booking-config';
import { AvailabilityCache } from './ports/availability-cache';
import { BookingRepository } from './ports/booking.repository';
import { bookingEvent } from './booking-events';

type HostAction = Extract<BookingAction, 'check_in' | 'complete' | 'no_show'>;

const EVENT_OF: Record<HostAction, 'booking.checked_in' | 'booking.completed' | 'booking.no_show'> = {
  check_in: 'booking.checked_in',
  complete: 'booking.completed',
  no_show: 'booking.no_show',
};

/**
 * Caller-driven transitions: cancel (anyone who may see the booking) and the host's check-in,
 * complete and no-show. Each runs under the booking's row lock, so what the refund is computed
 * from is what gets changed, and the status update stays conditional besides.
 */
@Injectable()
export class ChangeBooking {
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

  async cancel(
    caller: Caller,
    bookingId: string,
    reason: string | undefined,
  ): Promise<{ booking: Booking; refund: RefundDecision }> {
    const visible = await this.visible(caller, bookingId);
    const resource = await this.resources.findById(visible.resourceId);
    const outcome = await withTransaction(this.pool, async (tx) => {
      const current = await this.bookings.lockById(tx, bookingId);
      if (!current) throw bookingNotFound(bookingId);
      if (!canTransition(current.status, 'cancel')) throw invalidTransition(current.status, 'cancel');
      const now = this.clock.now();
      const { refund, late } = this.termsOfCancel(caller, current, resource!, now);
      const cancelled = await this.bookings.changeStatus(tx, {
        bookingId,
        from: allowedFrom('cancel'),
        to: targetOf('cancel'),
        now,
        set: {
          cancelReason: reason ?? null,
          ...(late ? { strikeAt: now } : {}),
          ...(refund.refundAmount > 0
            ? { refundAmount: refund.refundAmount, refundStatus: 'requested' }
            : {}),
        },
      });
      if (!cancelled) throw invalidTransition(current.status, 'cancel');
      await this.outbox.write(
        tx,
        bookingEvent(this.topics, 'booking.cancelled', cancelled, {
          refundAmount: refund.refundAmount,
          refundPercent: refund.refundPercent,
          cancelledBy: caller.role,
          reason: reason ?? null,
        }),
      );
      return { booking: cancelled, refund };
    });
    await this.cache.invalidate([resource!.city]);
    return outcome;
  }

  /**
   * What a cancel by this caller would give back now, by the same rules and the server's clock:
   * what a page shows before the person confirms. The cancel itself decides again under its lock.
   */
  async cancellationQuote(caller: Caller, bookingId: string): Promise<CancellationQuoteView> {
    const current = await this.visible(caller, bookingId);
    if (!canTransition(current.status, 'cancel')) throw invalidTransition(current.status, 'cancel');
    const resource = (await this.resources.findById(current.resourceId))!;
    const { refund, late } = this.termsOfCancel(caller, current, resource, this.clock.now());
    return { ...refund, currency: current.currency, countsAsNoShow: late };
  }

  /** The refund a cancel gives, and whether it counts as a no-show (a customer's late cancel). */
  private termsOfCancel(caller: Caller, booking: Booking, resource: Resource, now: Date) {
    const refund = refundFor({
      policy: resource.cancellationPolicy,
      paidAmount: booking.paidAmount,
      start: booking.termsStart,
      now,
      cancelledBy: caller.role,
    });
    const late = caller.role === 'customer' && isLateCancel(booking.termsStart, now, this.standing.rules);
    return { refund, late };
  }

  async hostAction(caller: Caller, bookingId: string, action: HostAction): Promise<Booking> {
    const visible = await this.visible(caller, bookingId);
    const resource = (await this.resources.findById(visible.resourceId))!;
    const changed = await withTransaction(this.pool, async (tx) => {
      const now = this.clock.now();
      // A move may have changed the start since it was read: judged by the row as it is locked.
      const current = (await this.bookings.lockById(tx, bookingId))!;
      checkHostActionWindow(action, current.period.start, now, {
        checkInEarlyMinutes: this.config.CHECK_IN_EARLY_MINUTES,
        noShowAfterMinutes: resource.cancellationPolicy.noShowAfterMinutes,
      });
      const changed = await this.bookings.changeStatus(tx, {
        bookingId,
        from: allowedFrom(action),
        to: targetOf(action),
        now,
        set: action === 'no_show' ? { strikeAt: now } : {},
      });
      if (!changed) {
        const current = await this.bookings.findById(bookingId, tx);
        throw invalidTransition(current!.status, action);
      }
      await this.outbox.write(tx, bookingEvent(this.topics, EVENT_OF[action], changed));
      return changed;
    });
    if (releasesPeriod(action))
      await this.cache.invalidate(await this.bookings.citiesOf([visible.resourceId]));
    return changed;
  }

  private async visible(caller: Caller, bookingId: string): Promise<Booking> {
    const booking = await this.bookings.findVisible(bookingId, caller);
    if (!booking) throw bookingNotFound(bookingId);
    return booking;
  }
}
