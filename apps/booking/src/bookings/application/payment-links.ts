import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG } from '@booking/nest-kit';
import type { BookingConfig } from '../../booking-config';
import type { Booking } from '../domain/booking';

export type PaymentLink = (booking: Pick<Booking, 'bookingId'>) => string;

/**
 * Where a customer pays a hold: the gateway's checkout link for the booking, signed. A browser
 * follows it without a token, so the signature is what shows the link came from a hold's answer.
 */
@Injectable()
export class PaymentLinks {
  readonly forBooking: PaymentLink;
  private readonly key: Buffer;

  constructor(@Inject(SERVICE_CONFIG) config: BookingConfig) {
    // Derived, so production's checks on the internal secret cover it and no new secret is needed.
    this.key = createHmac('sha256', config.INTERNAL_JWT_SECRET).update('payment-link/v1').digest();
    this.forBooking = (booking) => {
      const url = new URL(
        config.PAYMENT_CHECKOUT_URL.replace('{bookingId}', encodeURIComponent(booking.bookingId)),
      );
      url.searchParams.set('signature', this.signatureOf(booking.bookingId));
      return url.toString();
    };
  }

  /** Whether `signature` is the one this service puts on `bookingId`'s link. */
  signs(bookingId: string, signature: string): boolean {
    const expected = Buffer.from(this.signatureOf(bookingId));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private signatureOf(bookingId: string): string {
    return createHmac('sha256', this.key).update(bookingId).digest('base64url');
  }
}
