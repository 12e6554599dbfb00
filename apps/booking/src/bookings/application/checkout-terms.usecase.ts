import { Inject, Injectable } from '@nestjs/common';
import { DomainError, type CheckoutCharge } from '@booking/contracts';
import { isUuid } from '@booking/db';
import { CLOCK } from '@booking/nest-kit';
import type { Clock } from '@booking/time';
import { bookingNotFound, invalidTransition } from '../domain/booking-status';
import { BookingRepository } from './ports/booking.repository';
import { PaymentLinks } from './payment-links';

/**
 * What a hold's payment link may be paid with: its deposit, while it is a live HOLD. The amount
 * is the booking's, never the link's, and a link this service did not sign opens nothing.
 */
@Injectable()
export class ReadCheckoutTerms {
  constructor(
    private readonly bookings: BookingRepository,
    private readonly links: PaymentLinks,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(bookingId: string, signature: string): Promise<CheckoutCharge> {
    if (!isUuid(bookingId)) throw bookingNotFound(bookingId);
    if (!this.links.signs(bookingId, signature))
      throw new DomainError('unauthorized', 'This payment link was not made by the platform.');
    const booking = await this.bookings.findById(bookingId);
    if (!booking) throw bookingNotFound(bookingId);
    const now = this.clock.now();
    if (booking.status !== 'HOLD' || booking.holdExpiresAt === null || booking.holdExpiresAt <= now)
      // A hold past its expiry is expired, though the job may not have marked it yet.
      throw invalidTransition(booking.status === 'HOLD' ? 'EXPIRED' : booking.status, 'confirm');
    return { amount: booking.depositAmount, currency: booking.currency };
  }
}
