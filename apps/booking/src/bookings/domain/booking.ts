import type { Contact } from '@booking/contracts';
import type { BookingStatus } from './booking-status';

/** An interval `[start, end)` of real instants. */
export interface Period {
  start: Date;
  end: Date;
}

export type RefundStatus = 'requested' | 'succeeded' | 'failed';

export interface Booking {
  bookingId: string;
  resourceId: string;
  customerId: string;
  status: BookingStatus;
  period: Period;
  /** The period widened by the resource's buffers: what the schedule loses. */
  blocked: Period;
  timeZone: string;
  holdExpiresAt: Date | null;
  depositAmount: number;
  paidAmount: number;
  /** The provider transaction that confirmed the booking; refunds are made against it. */
  paymentTxnId: string | null;
  currency: string;
  refundAmount: number | null;
  refundStatus: RefundStatus | null;
  rescheduleCount: number;
  /** The start a customer's cancel is judged from: the start, unless a move kept earlier terms. */
  termsStart: Date;
  seriesId: string | null;
  recurrenceId: Date | null;
  contact: Contact | null;
  /** Grows with every change: what tells a consumer (and a calendar) which state is newer. */
  version: number;
  createdAt: Date;
  updatedAt: Date;
}
