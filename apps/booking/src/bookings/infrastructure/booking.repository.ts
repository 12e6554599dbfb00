import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { Caller } from '@booking/contracts';
import { isUuid, type Queryable, type TransactionClient } from '@booking/db';
import { PG_POOL } from '@booking/nest-kit';
import type { OutboxInsert } from '@booking/outbox';
import { resourceVersionOf } from '../../resources/infrastructure/resource.repository';
import type { Booking, Period } from '../domain/booking';
import type { BookingStatus } from '../domain/booking-status';
import { activeStatus, reschedulableStatus } from './status-sql';
import {
  BookingRepository,
  type BookingListFilter,
  type BookingMove,
  type StatusChange,
} from '../application/ports/booking.repository';

const INSERTED_COLUMNS = `booking_id, resource_id, customer_id, status, period, blocked, time_zone, hold_expires_at,
  deposit_amount, paid_amount, currency, series_id, recurrence_id, contact, version, created_at, updated_at`;
/** `$2` is the resource's id; `$18` both timestamps. */
const INSERTED_VALUES = `$1, $2, $3, $4, tstzrange($5, $6, '[)'), tstzrange($7, $8, '[)'), $9, $10, $11, $12, $13,
  $14, $15, $16, $17, $18, $18`;

function insertedValues(booking: Booking): unknown[] {
  return [
    booking.bookingId,
    booking.resourceId,
    booking.customerId,
    booking.status,
    booking.period.start,
    booking.period.end,
    booking.blocked.start,
    booking.blocked.end,
    booking.timeZone,
    booking.holdExpiresAt,
    booking.depositAmount,
    booking.paidAmount,
    booking.currency,
    booking.seriesId,
    booking.recurrenceId,
    booking.contact === null ? null : JSON.stringify(booking.contact),
    booking.version,
    booking.createdAt,
  ];
}

interface BookingRow {
  booking_id: string;
  resource_id: string;
  customer_id: string;
  status: BookingStatus;
  start_at: Date;
  end_at: Date;
  blocked_start: Date;
  blocked_end: Date;
  time_zone: string;
  hold_expires_at: Date | null;
  deposit_amount: string;
  paid_amount: string;
  payment_txn_id: string | null;
  currency: string;
  refund_amount: string | null;
  refund_status: Booking['refundStatus'];
  reschedule_count: number;
  terms_start: Date;
  series_id: string | null;
  recurrence_id: Date | null;
  contact: Booking['contact'];
  version: number;
  created_at: Date;
  updated_at: Date;
}

/** The start a customer's cancel is judged from: NULL in the row means the booking's own start. */
const TERMS_START = 'COALESCE(b.terms_start, lower(b.period))';

const COLUMNS = `b.booking_id, b.resource_id, b.customer_id, b.status,
  lower(b.period) AS start_at, upper(b.period) AS end_at, lower(b.blocked) AS blocked_start, upper(b.blocked) AS blocked_end,
  b.time_zone, b.hold_expires_at, b.deposit_amount, b.paid_amount, b.payment_txn_id, b.currency, b.refund_amount, b.refund_status,
  b.reschedule_count, ${TERMS_START} AS terms_start, b.series_id, b.recurrence_id, b.contact, b.version, b.created_at, b.updated_at`;

function toBooking(row: BookingRow): Booking {
  return {
    bookingId: row.booking_id,
    resourceId: row.resource_id,
    customerId: row.customer_id,
    status: row.status,
    period: { start: row.start_at, end: row.end_at },
    blocked: { start: row.blocked_start, end: row.blocked_end },
    timeZone: row.time_zone,
    holdExpiresAt: row.hold_expires_at,
    depositAmount: Number(row.deposit_amount),
    paidAmount: Number(row.paid_amount),
    paymentTxnId: row.payment_txn_id,
    currency: row.currency.trim(),
    refundAmount: row.refund_amount === null ? null : Number(row.refund_amount),
    refundStatus: row.refund_status,
    rescheduleCount: row.reschedule_count,
    termsStart: row.terms_start,
    seriesId: row.series_id,
    recurrenceId: row.recurrence_id,
    contact: row.contact,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * What a caller may see, as SQL over `b` (booking) and `r` (its resource): a customer their own
 * bookings, a host those on resources they own, an admin all. Parameters start at `$first`.
 */
function visibleTo(caller: Caller, first: number): { sql: string; values: unknown[] } {
  switch (caller.role) {
    case 'admin':
      return { sql: 'TRUE', values: [] };
    case 'host':
      return { sql: `r.owner_id = $${first}`, values: [caller.userId] };
    case 'customer':
      return { sql: `b.customer_id = $${first}`, values: [caller.userId] };
  }
}

@Injectable()
export class PgBookingRepository implements BookingRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** Inserts and lets the exclusion constraint decide: a clash rejects with SQLSTATE 23P01. */
  async insert(tx: TransactionClient, booking: Booking): Promise<void> {
    await tx.query(
      `INSERT INTO booking (${INSERTED_COLUMNS}) VALUES (${INSERTED_VALUES})`,
      insertedValues(booking),
    );
  }

  // One statement instead of the lock, the insert and the event's: PostgreSQL spent twice
  // pgbench's CPU on a hold's transaction, much of it on statements rather than on their work.
  async insertIfResourceUnchanged(
    tx: TransactionClient,
    booking: Booking,
    resourceVersion: string,
    event: OutboxInsert,
  ): Promise<boolean> {
    const values = insertedValues(booking);
    const written = event.statement(values.length + 2, 'held');
    const { rows } = await tx.query<{ written: number }>(
      `WITH locked AS (
         SELECT ${resourceVersionOf('r')} AS version FROM resource r WHERE r.resource_id = $2 FOR NO KEY UPDATE
       ), held AS (
         INSERT INTO booking (${INSERTED_COLUMNS})
         SELECT ${INSERTED_VALUES} FROM locked WHERE locked.version = $${values.length + 1}
         RETURNING booking_id
       ), written AS (${written.sql})
       SELECT count(*)::int AS written FROM written`,
      [...values, resourceVersion, ...written.values],
    );
    return rows[0]?.written === 1;
  }

  /** The booking's row locked for the rest of the transaction: what is read is what gets changed. */
  async lockById(tx: TransactionClient, bookingId: string): Promise<Booking | undefined> {
    if (!isUuid(bookingId)) return undefined;
    const { rows } = await tx.query<BookingRow>(
      `SELECT ${COLUMNS} FROM booking b WHERE b.booking_id = $1 FOR UPDATE`,
      [bookingId],
    );
    return rows[0] ? toBooking(rows[0]) : undefined;
  }

  async findById(bookingId: string, db: Queryable = this.pool): Promise<Booking | undefined> {
    if (!isUuid(bookingId)) return undefined;
    const { rows } = await db.query<BookingRow>(`SELECT ${COLUMNS} FROM booking b WHERE b.booking_id = $1`, [
      bookingId,
    ]);
    return rows[0] ? toBooking(rows[0]) : undefined;
  }

  /** The booking if this caller may see it; otherwise nothing, exactly as for an unknown id. */
  async findVisible(bookingId: string, caller: Caller): Promise<Booking | undefined> {
    if (!isUuid(bookingId)) return undefined;
    const visibility = visibleTo(caller, 2);
    const { rows } = await this.pool.query<BookingRow>(
      `SELECT ${COLUMNS} FROM booking b JOIN resource r ON r.resource_id = b.resource_id
        WHERE b.booking_id = $1 AND ${visibility.sql}`,
      [bookingId, ...visibility.values],
    );
    return rows[0] ? toBooking(rows[0]) : undefined;
  }

  /**
   * `UPDATE … WHERE status = ANY(from)`: of two racing transitions on any number of instances,
   * exactly one finds the row still in its starting status. Leaving the active statuses frees the
   * period in the same statement, since the exclusion constraint covers active rows only.
   */
  async changeStatus(tx: TransactionClient, change: StatusChange): Promise<Booking | undefined> {
    const { rows } = await tx.query<BookingRow>(
      `UPDATE booking b SET status = $3, updated_at = $4,
              paid_amount = COALESCE($5, paid_amount),
              refund_amount = COALESCE($6, refund_amount),
              refund_status = COALESCE($7, refund_status),
              cancel_reason = COALESCE($8, cancel_reason),
              payment_txn_id = COALESCE($9, payment_txn_id),
              strike_at = COALESCE($10, strike_at)
        WHERE b.booking_id = $1 AND b.status = ANY($2::text[])
        RETURNING ${COLUMNS}`,
      [
        change.bookingId,
        change.from,
        change.to,
        change.now,
        change.set?.paidAmount ?? null,
        change.set?.refundAmount ?? null,
        change.set?.refundStatus ?? null,
        change.set?.cancelReason ?? null,
        change.set?.paymentTxnId ?? null,
        change.set?.strikeAt ?? null,
      ],
    );
    return rows[0] ? toBooking(rows[0]) : undefined;
  }

  /**
   * Moves a HOLD or CONFIRMED booking to another period and counts the move. An overlap with any
   * other active booking rejects with SQLSTATE 23P01, and the caller's rollback keeps the old one.
   */
  async move(tx: TransactionClient, change: BookingMove): Promise<Booking | undefined> {
    const { rows } = await tx.query<BookingRow>(
      `UPDATE booking b SET period = tstzrange($2, $3, '[)'), blocked = tstzrange($4, $5, '[)'), time_zone = $6,
              reschedule_count = reschedule_count + 1, updated_at = $7, terms_start = $8
        WHERE b.booking_id = $1 AND ${reschedulableStatus()}
        RETURNING ${COLUMNS}`,
      [
        change.bookingId,
        change.period.start,
        change.period.end,
        change.blocked.start,
        change.blocked.end,
        change.timeZone,
        change.now,
        change.termsStart,
      ],
    );
    return rows[0] ? toBooking(rows[0]) : undefined;
  }

  /** Which of these blocked ranges meet an active booking of the resource (by index). */
  async clashingRanges(
    tx: TransactionClient,
    resourceId: string,
    ranges: readonly Period[],
  ): Promise<number[]> {
    const { rows } = await tx.query<{ index: number }>(
      `SELECT o.index::int - 1 AS index
         FROM unnest($2::timestamptz[], $3::timestamptz[]) WITH ORDINALITY AS o(start_at, end_at, index)
        WHERE EXISTS (SELECT 1 FROM booking b
                       WHERE b.resource_id = $1 AND ${activeStatus()}
                         AND b.blocked && tstzrange(o.start_at, o.end_at, '[)'))
        ORDER BY o.index`,
      [resourceId, ranges.map((range) => range.start), ranges.map((range) => range.end)],
    );
    return rows.map((row) => row.index);
  }

  /** A series' bookings, by RECURRENCE-ID, optionally only those whose RECURRENCE-ID lies in a window. */
  async findBySeries(seriesId: string, window?: Period): Promise<Booking[]> {
    const { rows } = await this.pool.query<BookingRow>(
      `SELECT ${COLUMNS} FROM booking b WHERE b.series_id = $1
          AND ($2::timestamptz IS NULL OR b.recurrence_id >= $2) AND ($3::timestamptz IS NULL OR b.recurrence_id < $3)
        ORDER BY b.recurrence_id`,
      [seriesId, window?.start ?? null, window?.end ?? null],
    );
    return rows.map(toBooking);
  }

  async findOccurrence(seriesId: string, recurrenceId: Date): Promise<Booking | undefined> {
    const { rows } = await this.pool.query<BookingRow>(
      `SELECT ${COLUMNS} FROM booking b WHERE b.series_id = $1 AND b.recurrence_id = $2`,
      [seriesId, recurrenceId],
    );
    return rows[0] ? toBooking(rows[0]) : undefined;
  }

  /**
   * Cancels the occurrences starting from `now`; with `strikeBefore`, those whose terms start
   * before it count as no-shows against their customer (a late cancel).
   */
  async cancelSeriesFrom(
    tx: TransactionClient,
    seriesId: string,
    now: Date,
    strikeBefore: Date | null,
  ): Promise<Booking[]> {
    const { rows } = await tx.query<BookingRow>(
      `UPDATE booking b SET status = 'CANCELLED', updated_at = $2, cancel_reason = 'series cancelled',
              strike_at = CASE WHEN ${TERMS_START} < $3 THEN $2 END
        WHERE b.series_id = $1 AND ${reschedulableStatus()} AND lower(b.period) >= $2
        RETURNING ${COLUMNS}`,
      [seriesId, now, strikeBefore],
    );
    return rows.map(toBooking);
  }

  /** The blocked ranges of active bookings on one resource that overlap `window`. */
  async blockedRanges(resourceId: string, window: Period): Promise<Period[]> {
    if (!isUuid(resourceId)) return [];
    const { rows } = await this.pool.query<{ start_at: Date; end_at: Date }>(
      `SELECT lower(blocked) AS start_at, upper(blocked) AS end_at FROM booking
        WHERE resource_id = $1 AND ${activeStatus('booking')}
          AND blocked && tstzrange($2, $3, '[)')
        ORDER BY lower(blocked)`,
      [resourceId, window.start, window.end],
    );
    return rows.map((row) => ({ start: row.start_at, end: row.end_at }));
  }

  /** Holds whose time is up, locked; another instance running the same job skips them. */
  async expireDue(
    tx: TransactionClient,
    at: { now: Date; expiredBefore: Date },
    limit: number,
  ): Promise<Booking[]> {
    const { rows } = await tx.query<BookingRow>(
      `WITH due AS (
         SELECT booking_id FROM booking
          WHERE status = 'HOLD' AND hold_expires_at <= $2
          ORDER BY hold_expires_at LIMIT $3
          FOR UPDATE SKIP LOCKED)
       UPDATE booking b SET status = 'EXPIRED', updated_at = $1
         FROM due WHERE b.booking_id = due.booking_id AND b.status = 'HOLD'
       RETURNING ${COLUMNS}`,
      [at.now, at.expiredBefore, limit],
    );
    return rows.map(toBooking);
  }

  /**
   * Confirmed bookings whose start is more than `noShowAfterMinutes` (the resource's policy)
   * behind `now` without a check-in become NO_SHOW, which releases their period. At that very
   * instant the host may still call it themself (ChangeBooking's window opens then).
   */
  async markNoShowsDue(tx: TransactionClient, now: Date, limit: number): Promise<Booking[]> {
    const { rows } = await tx.query<BookingRow>(
      `WITH due AS (
         SELECT b.booking_id FROM booking b JOIN resource r ON r.resource_id = b.resource_id
          WHERE b.status = 'CONFIRMED' AND lower(b.period) <= $1
            AND lower(b.period) + make_interval(mins => (r.cancellation_policy->>'noShowAfterMinutes')::int) < $1
          ORDER BY lower(b.period) LIMIT $2
          FOR UPDATE OF b SKIP LOCKED)
       UPDATE booking b SET status = 'NO_SHOW', strike_at = $1, updated_at = $1
         FROM due WHERE b.booking_id = due.booking_id AND b.status = 'CONFIRMED'
       RETURNING ${COLUMNS}`,
      [now, limit],
    );
    return rows.map(toBooking);
  }

  async setRefundStatus(
    tx: TransactionClient,
    bookingId: string,
    refund: { status: string; amount: number; txnId: string },
    now: Date,
  ): Promise<Booking | undefined> {
    const { rows } = await tx.query<BookingRow>(
      `UPDATE booking b SET refund_status = $2, refund_amount = $3, updated_at = $4
       WHERE b.booking_id = $1 AND (b.payment_txn_id IS NULL OR b.payment_txn_id = $5) RETURNING ${COLUMNS}`,
      [bookingId, refund.status, refund.amount, now, refund.txnId],
    );
    return rows[0] ? toBooking(rows[0]) : undefined;
  }

  async citiesOf(resourceIds: string[]): Promise<string[]> {
    const { rows } = await this.pool.query<{ city: string }>(
      'SELECT DISTINCT city FROM resource WHERE resource_id = ANY($1::uuid[])',
      [resourceIds],
    );
    return rows.map((row) => row.city);
  }

  /** Bookings whose period overlaps `[from, to)`, in start order, one page after `after`. */
  /**
   * The bookings a calendar feed shows: one resource's or one customer's, in `statuses`, ending
   * after `since` (a cancelled one also changed after it), soonest first, with the resource's name.
   */
  async forCalendar(filter: {
    resourceId?: string;
    customerId?: string;
    statuses: readonly BookingStatus[];
    since: Date;
    limit: number;
  }): Promise<{ booking: Booking; resourceName: string }[]> {
    const { rows } = await this.pool.query<BookingRow & { resource_name: string }>(
      `SELECT ${COLUMNS}, r.name AS resource_name FROM booking b JOIN resource r ON r.resource_id = b.resource_id
        WHERE ($1::uuid IS NULL OR b.resource_id = $1) AND ($2::text IS NULL OR b.customer_id = $2)
          AND b.status = ANY($3) AND upper(b.period) > $4 AND (b.status <> 'CANCELLED' OR b.updated_at > $4)
        ORDER BY lower(b.period), b.booking_id
        LIMIT $5`,
      [filter.resourceId ?? null, filter.customerId ?? null, filter.statuses, filter.since, filter.limit],
    );
    return rows.map((row) => ({ booking: toBooking(row), resourceName: row.resource_name }));
  }

  async list(caller: Caller, filter: BookingListFilter): Promise<Booking[]> {
    const visibility = visibleTo(caller, 8);
    const { rows } = await this.pool.query<BookingRow>(
      `SELECT ${COLUMNS} FROM booking b JOIN resource r ON r.resource_id = b.resource_id
        WHERE ($1::uuid IS NULL OR b.resource_id = $1)
          AND ($2::text IS NULL OR b.status = $2)
          AND b.period && tstzrange($3::timestamptz, $4::timestamptz, '[)')
          AND ($5::timestamptz IS NULL OR (lower(b.period), b.booking_id) > ($5, $6::uuid))
          AND ${visibility.sql}
        ORDER BY lower(b.period), b.booking_id
        LIMIT $7`,
      [
        filter.resourceId ?? null,
        filter.status ?? null,
        filter.from ?? null,
        filter.to ?? null,
        filter.after?.start ?? null,
        filter.after?.bookingId ?? null,
        filter.limit,
        ...visibility.values,
      ],
    );
    return rows.map(toBooking);
  }
}
