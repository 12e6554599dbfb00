import type { KnownEvent } from '@booking/contracts';
import type { RefundOrder } from './refund';

/** What an event asks to be refunded, if anything. */
export function orderOf(event: KnownEvent): RefundOrder | undefined {
  if (event.type === 'refund.requested') {
    const { data } = event;
    if (!(data.amount > 0)) return undefined;
    return {
      bookingId: data.bookingId,
      txnId: data.txnId,
      amount: data.amount,
      currency: data.currency,
      reason: data.reason,
    };
  }
  if (event.type === 'booking.cancelled') {
    const { data } = event;
    if (!data.paymentTxnId || !(data.refundAmount > 0)) return undefined;
    return {
      bookingId: data.bookingId,
      txnId: data.paymentTxnId,
      amount: data.refundAmount,
      currency: data.currency,
      reason: 'cancelled',
    };
  }
  return undefined;
}
