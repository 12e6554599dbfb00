import type { BookingView } from '@booking/contracts';
import { formatUtc } from '@booking/time';
import type { PaymentLink } from '../application/payment-links';
import type { Booking } from '../domain/booking';
import { bookingTimes } from '../domain/booking-times';

const utc = (instant: Date | null) => (instant === null ? null : formatUtc(instant));

/**
 * A booking as the API shows it: UTC instants plus the wall-clock forms in the booking's zone;
 * `warnings` (its customer's standing) only on responses to that customer.
 */
export function toBookingView(
  booking: Booking,
  paymentUrl: PaymentLink,
  warnings: BookingView['warnings'] = [],
): BookingView {
  return {
    bookingId: booking.bookingId,
    resourceId: booking.resourceId,
    customerId: booking.customerId,
    status: booking.status,
    ...bookingTimes(booking),
    holdExpiresAt: booking.status === 'HOLD' ? utc(booking.holdExpiresAt) : null,
    paymentUrl: booking.status === 'HOLD' ? paymentUrl(booking) : null,
    depositAmount: booking.depositAmount,
    paidAmount: booking.paidAmount,
    currency: booking.currency,
    refund:
      booking.refundStatus === null || booking.refundAmount === null
        ? null
        : { amount: booking.refundAmount, status: booking.refundStatus },
    rescheduleCount: booking.rescheduleCount,
    seriesId: booking.seriesId,
    recurrenceId: utc(booking.recurrenceId),
    warnings,
    createdAt: formatUtc(booking.createdAt),
  };
}
