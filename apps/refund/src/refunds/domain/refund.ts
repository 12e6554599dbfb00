export type RefundStatus = 'pending' | 'succeeded' | 'failed';

export interface Refund {
  refundId: string;
  bookingId: string;
  /** The provider transaction refunded: with the booking, the refund's natural key. */
  txnId: string;
  amount: number;
  currency: string;
  reason: string;
  status: RefundStatus;
  /** Provider calls made so far, the one under way included. */
  attempts: number;
}

/** What a refund is asked for with, by either event that asks. */
export type RefundOrder = Pick<Refund, 'bookingId' | 'txnId' | 'amount' | 'currency' | 'reason'>;
