import type { Caller } from '@booking/contracts';
import type { Queryable, TransactionClient } from '@booking/db';
import type { OutboxInsert } from '@booking/outbox';
import type { Booking, Period } from '../../domain/booking';
import type { BookingStatus } from '../../domain/booking-status';

/** A conditional change of status: it happens only if the booking is still in one of `from`. */
export interface StatusChange {
  bookingId: string;
  from: readonly BookingStatus[];
  to: BookingStatus;
  now: Date;
  set?: Partial<{
    paidAmount: number;
    paymentTxnId: string;
    refundAmount: number;
    refundStatus: string;
    cancelReason: string | null;
    /** The booking counts as a no-show against its customer from then (docs/booking.md, standing). */
    strikeAt: Date;
  }>;
}

/** A booking moved to another period (its blocked range widened by the resource's buffers). */
export interface BookingMove {
  bookingId: string;
  period: Period;
  blocked: Period;
  timeZone: string;
  /** Null: a cancel is judged from the new start. */
  termsStart: Date | null;
  now: Date;
}

/** A page of bookings whose period meets [from, to), after the cursor's (start, id). */
export interface BookingListFilter {
  resourceId?: string;
  status?: string;
  from?: Date;
  to?: Date;
  after?: { start: Date; bookingId: string };
  limit: number;
}

/** A port of the use cases; `PgBookingRepository` implements it with PostgreSQL. */
export abstract class BookingRepository {
  /** Inserts and lets the exclusion constraint decide: a clash rejects with SQLSTATE 23P01. */
  abstract insert(tx: TransactionClient, booking: Booking): Promise<void>;
  /**
   * In one statement: locks the booking's resource row (racing holds queue) and, if that row is
   * still at `resourceVersion`, inserts the booking and writes `event`. False when the row changed
   * or is gone, and nothing was written; a clash rejects with SQLSTATE 23P01 like `insert`.
   */
  abstract insertIfResourceUnchanged(
    tx: TransactionClient,
    booking: Booking,
    resourceVersion: string,
    event: OutboxInsert,
  ): Promise<boolean>;
  /** The booking's row locked for the rest of the transaction: what is read is what gets changed. */
  abstract lockById(tx: TransactionClient, bookingId: string): Promise<Booking | undefined>;
  abstract findById(bookingId: string, db?: Queryable): Promise<Booking | undefined>;
  /** The booking if this caller may see it; otherwise nothing, exactly as for an unknown id. */
  abstract findVisible(bookingId: string, caller: Caller): Promise<Booking | undefined>;
  /**
   * `UPDATE … WHERE status = ANY(from)`: of two racing transitions on any number of instances,
   * exactly one finds the row still in its starting status. Leaving the active statuses frees the
   * period in the same statement, since the exclusion constraint covers active rows only.
   */
  abstract changeStatus(tx: TransactionClient, change: StatusChange): Promise<Booking | undefined>;
  /**
   * Moves a HOLD or CONFIRMED booking to another period and counts the move. An overlap with any
   * other active booking rejects with SQLSTATE 23P01, and the caller's rollback keeps the old one.
   */
  abstract move(tx: TransactionClient, change: BookingMove): Promise<Booking | undefined>;
  /** Which of these blocked ranges meet an active booking of the resource (by index). */
  abstract clashingRanges(
    tx: TransactionClient,
    resourceId: string,
    ranges: readonly Period[],
  ): Promise<number[]>;
  /** A series' bookings, by RECURRENCE-ID, optionally only those whose RECURRENCE-ID lies in a window. */
  abstract findBySeries(seriesId: string, window?: Period): Promise<Booking[]>;
  abstract findOccurrence(seriesId: string, recurrenceId: Date): Promise<Booking | undefined>;
  /**
   * Cancels the occurrences starting from `now`; with `strikeBefore`, those whose terms start
   * before it count as no-shows against their customer (a late cancel).
   */
  abstract cancelSeriesFrom(
    tx: TransactionClient,
    seriesId: string,
    now: Date,
    strikeBefore: Date | null,
  ): Promise<Booking[]>;
  /** The blocked ranges of active bookings on one resource that overlap `window`. */
  abstract blockedRanges(resourceId: string, window: Period): Promise<Period[]>;
  /** Holds whose time is up, locked; another instance running the same job skips them. */
  abstract expireDue(
    tx: TransactionClient,
    at: { now: Date; expiredBefore: Date },
    limit: number,
  ): Promise<Booking[]>;
  /**
   * Confirmed bookings whose start is more than `noShowAfterMinutes` (the resource's policy)
   * behind `now` without a check-in become NO_SHOW, which releases their period. At that very
   * instant the host may still call it themself (ChangeBooking's window opens then).
   */
  abstract markNoShowsDue(tx: TransactionClient, now: Date, limit: number): Promise<Booking[]>;
  /**
   * The booking's refund, from a refund of its own payment, or of any while it has none (a late
   * or wrong payment for a hold). A refund of another payment (a stray second one for a paid
   * booking) leaves it as it is: it is the refund service's record alone. Resolves undefined then.
   */
  abstract setRefundStatus(
    tx: TransactionClient,
    bookingId: string,
    refund: { status: string; amount: number; txnId: string },
    now: Date,
  ): Promise<Booking | undefined>;
  abstract citiesOf(resourceIds: string[]): Promise<string[]>;
  /**
   * The bookings a calendar feed shows: one resource's or one customer's, in `statuses`, ending
   * after `since` (a cancelled one also changed after it), soonest first, with the resource's name.
   */
  abstract forCalendar(filter: {
    resourceId?: string;
    customerId?: string;
    statuses: readonly BookingStatus[];
    since: Date;
    limit: number;
  }): Promise<{ booking: Booking; resourceName: string }[]>;
  abstract list(caller: Caller, filter: BookingListFilter): Promise<Booking[]>;
}
