import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Queryable, TransactionClient } from '@booking/db';
import {
  CHANNEL_OF,
  type BookingSnapshot,
  type Notification,
  type NotificationDetails,
  type NotificationKind,
} from '../domain/notification';
import { NotificationRepository } from '../application/ports/notification.repository';

interface NotificationRow {
  notification_id: string;
  booking_id: string;
  kind: Notification['kind'];
  channel: Notification['channel'];
  status: Notification['status'];
  scheduled_for: Date;
  sent_at: Date | null;
  attempts: number;
  details: NotificationDetails;
  subject: string | null;
  text: string | null;
}

interface SnapshotRow {
  booking_id: string;
  resource_id: string | null;
  customer_id: string;
  status: string;
  start_at: Date;
  end_at: Date;
  time_zone: string;
  contact: BookingSnapshot['contact'];
  series_id: string | null;
  recurrence_id: Date | null;
  version: number;
  calendar_sequence: number;
}

const SNAPSHOT_COLUMNS =
  'booking_id, resource_id, customer_id, status, start_at, end_at, time_zone, contact, series_id, recurrence_id, version, calendar_sequence';

const toSnapshot = (row: SnapshotRow): BookingSnapshot => ({
  bookingId: row.booking_id,
  resourceId: row.resource_id,
  customerId: row.customer_id,
  status: row.status,
  start: row.start_at,
  end: row.end_at,
  timeZone: row.time_zone,
  contact: row.contact,
  seriesId: row.series_id,
  recurrenceId: row.recurrence_id,
  version: row.version,
  calendarSequence: row.calendar_sequence,
});

const COLUMNS =
  'notification_id, booking_id, kind, channel, status, scheduled_for, sent_at, attempts, details, subject, text';

const toNotification = (row: NotificationRow): Notification => ({
  notificationId: row.notification_id,
  bookingId: row.booking_id,
  kind: row.kind,
  channel: row.channel,
  status: row.status,
  scheduledFor: row.scheduled_for,
  sentAt: row.sent_at,
  attempts: row.attempts,
  details: row.details,
  subject: row.subject,
  text: row.text,
});

@Injectable()
export class PgNotificationRepository implements NotificationRepository {
  /**
   * Keeps the newest view of a booking. Its events arrive in order (one key, one partition); the
   * version check keeps a redelivered older one from undoing a newer view all the same.
   */
  async saveSnapshot(tx: TransactionClient, booking: BookingSnapshot, now: Date): Promise<void> {
    await tx.query(
      `INSERT INTO notification_booking
         (booking_id, customer_id, status, start_at, end_at, time_zone, contact, version, updated_at, resource_id,
          series_id, recurrence_id, calendar_sequence)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (booking_id) DO UPDATE SET resource_id = EXCLUDED.resource_id, series_id = EXCLUDED.series_id,
         recurrence_id = EXCLUDED.recurrence_id, status = EXCLUDED.status, start_at = EXCLUDED.start_at,
         end_at = EXCLUDED.end_at, time_zone = EXCLUDED.time_zone, contact = EXCLUDED.contact,
         version = EXCLUDED.version, updated_at = EXCLUDED.updated_at,
         calendar_sequence = EXCLUDED.calendar_sequence
       WHERE notification_booking.version <= EXCLUDED.version`,
      [
        booking.bookingId,
        booking.customerId,
        booking.status,
        booking.start,
        booking.end,
        booking.timeZone,
        booking.contact === null ? null : JSON.stringify(booking.contact),
        booking.version,
        now,
        booking.resourceId,
        booking.seriesId,
        booking.recurrenceId,
        booking.calendarSequence,
      ],
    );
  }

  async findSnapshot(db: Queryable, bookingId: string): Promise<BookingSnapshot | null> {
    const { rows } = await db.query<SnapshotRow>(
      `SELECT ${SNAPSHOT_COLUMNS} FROM notification_booking WHERE booking_id = $1`,
      [bookingId],
    );
    return rows[0] ? toSnapshot(rows[0]) : null;
  }

  /** Every held occurrence of a series, by RECURRENCE-ID. */
  async findSeriesOccurrences(db: Queryable, seriesId: string): Promise<BookingSnapshot[]> {
    const { rows } = await db.query<SnapshotRow>(
      `SELECT ${SNAPSHOT_COLUMNS} FROM notification_booking WHERE series_id = $1 ORDER BY recurrence_id`,
      [seriesId],
    );
    return rows.map(toSnapshot);
  }

  async seriesCarrier(db: Queryable, seriesId: string): Promise<string | null> {
    const { rows } = await db.query<{ booking_id: string }>(
      `SELECT n.booking_id FROM notification n JOIN notification_booking b ON b.booking_id = n.booking_id
       WHERE b.series_id = $1 AND n.kind = 'series_confirmation' LIMIT 1`,
      [seriesId],
    );
    return rows[0]?.booking_id ?? null;
  }

  /** A message of this kind for the booking, unless it has one already (sent or not). */
  async addOnce(
    tx: TransactionClient,
    message: { bookingId: string; kind: NotificationKind; scheduledFor: Date; details?: NotificationDetails },
    now: Date,
  ): Promise<boolean> {
    const result = await tx.query(
      `INSERT INTO notification (notification_id, booking_id, kind, channel, status, scheduled_for, next_attempt_at,
         details, created_at, updated_at)
       VALUES ($1, $2, $3, $4, 'scheduled', $5, $5, $6, $7, $7)
       ON CONFLICT ON CONSTRAINT notification_once_per_kind DO NOTHING`,
      [
        randomUUID(),
        message.bookingId,
        message.kind,
        CHANNEL_OF[message.kind],
        message.scheduledFor,
        JSON.stringify(message.details ?? {}),
        now,
      ],
    );
    return result.rowCount === 1;
  }

  /**
   * Schedules a reminder for `at`, or moves it there, or (null) cancels it. A reminder that went
   * out, or is going out now, stays as it is: each kind is sent at most once.
   */
  async setReminder(
    tx: TransactionClient,
    bookingId: string,
    kind: NotificationKind,
    at: Date | null,
    now: Date,
  ): Promise<void> {
    if (at === null) {
      await tx.query(
        `UPDATE notification SET status = 'cancelled', updated_at = $3
          WHERE booking_id = $1 AND kind = $2 AND status = 'scheduled'`,
        [bookingId, kind, now],
      );
      return;
    }
    await tx.query(
      `INSERT INTO notification (notification_id, booking_id, kind, channel, status, scheduled_for, next_attempt_at,
         created_at, updated_at)
       VALUES ($1, $2, $3, $4, 'scheduled', $5, $5, $6, $6)
       ON CONFLICT ON CONSTRAINT notification_once_per_kind DO UPDATE
         SET status = 'scheduled', scheduled_for = EXCLUDED.scheduled_for,
             next_attempt_at = EXCLUDED.next_attempt_at, attempts = 0, updated_at = EXCLUDED.updated_at
         WHERE notification.status IN ('scheduled', 'cancelled')`,
      [randomUUID(), bookingId, kind, CHANNEL_OF[kind], at, now],
    );
  }

  /** Due messages, each marked as being sent until `leaseUntil` and counted as one more attempt. */
  async claimDue(tx: TransactionClient, now: Date, leaseUntil: Date, limit: number): Promise<Notification[]> {
    const { rows } = await tx.query<NotificationRow>(
      `UPDATE notification SET status = 'sending', attempts = attempts + 1, lease_until = $2, updated_at = $1
        WHERE notification_id IN (
          SELECT notification_id FROM notification
           WHERE status = 'scheduled' AND next_attempt_at <= $1
           ORDER BY next_attempt_at LIMIT $3
           FOR UPDATE SKIP LOCKED)
        RETURNING ${COLUMNS}`,
      [now, leaseUntil, limit],
    );
    return rows.map(toNotification);
  }

  async markSent(
    tx: TransactionClient,
    notificationId: string,
    message: { subject: string | null; text: string },
    sentAt: Date,
  ): Promise<boolean> {
    const result = await tx.query(
      `UPDATE notification SET status = 'sent', sent_at = $2, subject = $3, text = $4, lease_until = NULL,
         last_error = NULL, updated_at = $2
        WHERE notification_id = $1 AND status = 'sending'`,
      [notificationId, sentAt, message.subject, message.text],
    );
    return result.rowCount === 1;
  }

  async retryAt(db: Queryable, notificationId: string, at: Date, error: string, now: Date): Promise<void> {
    await db.query(
      `UPDATE notification SET status = 'scheduled', next_attempt_at = $2, last_error = $3, lease_until = NULL,
         updated_at = $4
        WHERE notification_id = $1 AND status = 'sending'`,
      [notificationId, at, error, now],
    );
  }

  async markFailed(db: Queryable, notificationId: string, error: string, now: Date): Promise<void> {
    await db.query(
      `UPDATE notification SET status = 'failed', last_error = $2, lease_until = NULL, updated_at = $3
        WHERE notification_id = $1 AND status = 'sending'`,
      [notificationId, error, now],
    );
  }

  /**
   * Messages whose sender stopped mid-send (a crash): whether the relay took them is unknown, so
   * they are failed rather than sent again. Resolves with how many.
   */
  async failInterrupted(db: Queryable, now: Date): Promise<number> {
    const result = await db.query(
      `UPDATE notification SET status = 'failed', lease_until = NULL, updated_at = $1,
         last_error = 'interrupted while sending; not sent again, since each message goes out at most once'
        WHERE status = 'sending' AND lease_until < $1`,
      [now],
    );
    return result.rowCount ?? 0;
  }

  async listForBooking(db: Queryable, bookingId: string): Promise<Notification[]> {
    const { rows } = await db.query<NotificationRow>(
      `SELECT ${COLUMNS} FROM notification WHERE booking_id = $1 ORDER BY scheduled_for, kind`,
      [bookingId],
    );
    return rows.map(toNotification);
  }
}
