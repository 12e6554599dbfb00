import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG } from '@booking/nest-kit';
import type { BookingConfig } from '../../booking-config';
import type { Booking } from '../domain/booking';

export type PaymentLink = (booking: Pick<Booking, 'bookingId' | 'depositAmount' | 'currency'>) => string;

/** Where a customer pays a hold: the payment service's checkout link for the booking's deposit. */
@Injectable()
export class PaymentLinks {
  readonly forBooking: PaymentLink;

  constructor(@Inject(SERVICE_CONFIG) config: BookingConfig) {
    this.forBooking = (booking) =>
      config.PAYMENT_CHECKOUT_URL.replace('{bookingId}', encodeURIComponent(booking.bookingId))
        .replace('{amount}', String(booking.depositAmount))
        .replace('{currency}', encodeURIComponent(booking.currency));
  }
}
