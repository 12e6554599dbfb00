import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { CloudEvent, PaymentSucceeded, TopicNames } from '@booking/contracts';
import { CLOCK, OUTBOX_WRITER, PG_POOL, TOPIC_NAMES } from '@booking/nest-kit';
import { Inbox, type OutboxWriter } from '@booking/outbox';
import type { Clock } from '@booking/time';
import type { Booking } from '../domain/booking';
import { allowedFrom, targetOf } from '../domain/booking-status';
import { BookingRepository } from './ports/booking.repository';
import { bookingEvent } from './booking-events';

/**
 * Why a payment confirms nothing, in the words of the refund it triggers. A hold is judged by when
 * the provider took the money (events from before `paidAt` existed: by now), so a payment delayed
 * on its way here still confirms while the expiry job's grace keeps the hold.
 */
function whyNotConfirmed(
  booking: Booking | undefined,
  payment: PaymentSucceeded,
  now: Date,
): string | undefined {
  if (!booking) return 'unknown_booking';
  if (booking.status !== 'HOLD') return `booking_${booking.status.toLowerCase()}`;
  const paidAt = payment.paidAt === undefined ? now.getTime() : Date.parse(payment.paidAt);
  if (booking.holdExpiresAt !== null && booking.holdExpiresAt.getTime() <= paidAt) return 'hold_expired';
  if (payment.amount !== booking.depositAmount || payment.currency !== booking.currency)
    return 'amount_mismatch';
  return undefined;
}

/**
 * `payment.succeeded` → HOLD becomes CONFIRMED (conditional on HOLD, so the expiry job and a
 * payment racing for one hold cannot both win). A payment that confirms nothing is refunded in
 * full, once: the inbox makes a re-delivered event a no-op.
 */
@Injectable()
export class ApplyPayment {
  private readonly inbox = new Inbox('booking.payments');

  constructor(
    private readonly bookings: BookingRepository,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(OUTBOX_WRITER) private readonly outbox: OutboxWriter,
    @Inject(TOPIC_NAMES) private readonly topics: TopicNames,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async handle(event: CloudEvent<'payment.succeeded', PaymentSucceeded>): Promise<void> {
    const payment = event.data;
    await this.inbox.once(this.pool, event, async (tx) => {
      const now = this.clock.now();
      const booking = await this.bookings.lockById(tx, payment.bookingId);
      const refusal = whyNotConfirmed(booking, payment, now);
      if (booking && refusal === undefined) {
        const confirmed = await this.bookings.changeStatus(tx, {
          bookingId: booking.bookingId,
          from: allowedFrom('confirm'),
          to: targetOf('confirm'),
          now,
          set: { paidAmount: payment.amount, paymentTxnId: payment.txnId },
        });
        if (confirmed) {
          await this.outbox.write(tx, bookingEvent(this.topics, 'booking.confirmed', confirmed));
          return;
        }
      }
      const refund = {
        amount: payment.amount,
        currency: payment.currency,
        reason: refusal ?? 'not_confirmed',
        txnId: payment.txnId,
      };
      await this.outbox.write(tx, {
        topic: this.topics.booking,
        type: 'refund.requested',
        subject: payment.bookingId,
        data: { bookingId: payment.bookingId, ...refund },
      });
      if (booking)
        await this.bookings.setRefundStatus(
          tx,
          booking.bookingId,
          { status: 'requested', amount: payment.amount, txnId: payment.txnId },
          now,
        );
    });
  }
}
