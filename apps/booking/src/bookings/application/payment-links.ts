import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG } from '@booking/nest-kit';
import type { BookingConfig } from '../../booking-config';

/** Where a customer pays a hold: the payment service's checkout page for the booking. */
@Injectable()
export class PaymentLinks {
  readonly forBooking: (bookingId: string) => string;

  constructor(@Inject(SERVICE_CONFIG) config: BookingConfig) {
    this.forBooking = (bookingId) =>
      config.PAYMENT_CHECKOUT_URL.replace('{bookingId}', encodeURIComponent(bookingId));
  }
}
