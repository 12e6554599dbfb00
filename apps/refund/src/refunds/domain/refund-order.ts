import type { CloudEvent } from '@booking/contracts';
import type { RefundOrder } from './refund';

interface RefundRequested {
  bookingId: string;
  txnId?: string;
  amount: number;
  currency: string;
  reason: string;
}

interface BookingCancelled {
  bookingId: string;
  paymentTxnId?: string | null;
  refundAmount?: number;
  currency: string;
}

/** What an event asks to be refunded, if anything. */
export function orderOf(event: CloudEvent): RefundOrder | undefined {
  if (event.type === 'refund.requested') {
    const data = event.data as RefundRequested;
    if (!data.txnId || !(data.amount > 0)) return undefined;
    return {
      bookingId: data.bookingId,
      txnId: data.txnId,
      amount: data.amount,
      currency: data.currency,
      reason: data.reason,
    };
  }
  if (event.type === 'booking.cancelled') {
    const data = event.data as BookingCancelled;
    if (!data.paymentTxnId || !(Number(data.refundAmount) > 0)) return undefined;
    return {
      bookingId: data.bookingId,
      txnId: data.paymentTxnId,
      amount: Number(data.refundAmount),
      currency: data.currency,
      reason: 'cancelled',
    };
  }
  return undefined;
}
