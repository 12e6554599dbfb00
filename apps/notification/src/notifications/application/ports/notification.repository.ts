import type { Queryable, TransactionClient } from '@booking/db';
import type {
  BookingSnapshot,
  Notification,
  NotificationDetails,
  NotificationKind,
} from '../../domain/notification';

/** A port of the use cases; `PgNotificationRepository` implements it with PostgreSQL. */
export abstract class NotificationRepository {
  /**
   * Keeps the newest view of a booking. Its events arrive in order (one key, one partition); the
   * version check keeps a redelivered older one from undoing a newer view all the same.
   */
  abstract saveSnapshot(tx: TransactionClient, booking: BookingSnapshot, now: Date): Promise<void>;
  abstract findSnapshot(db: Queryable, bookingId: string): Promise<BookingSnapshot | null>;
  /** Every held occurrence of a series, by RECURRENCE-ID. */
  abstract findSeriesOccurrences(db: Queryable, seriesId: string): Promise<BookingSnapshot[]>;
  /** The occurrence that carries the series' one `series_confirmation`, if one does. */
  abstract seriesCarrier(db: Queryable, seriesId: string): Promise<string | null>;
  /** A message of this kind for the booking, unless it has one already (sent or not). */
  abstract addOnce(
    tx: TransactionClient,
    message: { bookingId: string; kind: NotificationKind; scheduledFor: Date; details?: NotificationDetails },
    now: Date,
  ): Promise<boolean>;
  /**
   * Schedules a reminder for `at`, or moves it there, or (null) cancels it. A reminder that went
   * out, or is going out now, stays as it is: each kind is sent at most once.
   */
  abstract setReminder(
    tx: TransactionClient,
    bookingId: string,
    kind: NotificationKind,
    at: Date | null,
    now: Date,
  ): Promise<void>;
  /** Due messages, each marked as being sent until `leaseUntil` and counted as one more attempt. */
  abstract claimDue(
    tx: TransactionClient,
    now: Date,
    leaseUntil: Date,
    limit: number,
  ): Promise<Notification[]>;
  abstract markSent(
    tx: TransactionClient,
    notificationId: string,
    message: { subject: string | null; text: string },
    sentAt: Date,
  ): Promise<boolean>;
  abstract retryAt(db: Queryable, notificationId: string, at: Date, error: string, now: Date): Promise<void>;
  abstract markFailed(db: Queryable, notificationId: string, error: string, now: Date): Promise<void>;
  /**
   * Messages whose sender stopped mid-send (a crash): whether the relay took them is unknown, so
   * they are failed rather than sent again. Resolves with how many.
   */
  abstract failInterrupted(db: Queryable, now: Date): Promise<number>;
  abstract listForBooking(db: Queryable, bookingId: string): Promise<Notification[]>;
}
