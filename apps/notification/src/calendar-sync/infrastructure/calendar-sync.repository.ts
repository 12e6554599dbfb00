import { Injectable } from '@nestjs/common';
import type { Queryable, TransactionClient } from '@booking/db';
import { SHOWN_STATUSES } from '../domain/google-event';

/** One booking whose calendar event is not yet as its latest version says. */
export interface DueSync {
  bookingId: string;
  resourceId: string;
  version: number;
  /** The version last written to the calendar; null: nothing was written yet. */
  syncedVersion: number | null;
  attempts: number;
}

/**
 * The desired state per booking (its version) against what was applied (synced_version). A row
 * is due while they differ; a newer version makes it due again at once, an older one changes nothing.
 */
@Injectable()
export class CalendarSyncRepository {
  /** In the consumer's transaction: only for a resource with a calendar connected. */
  async want(
    tx: TransactionClient,
    booking: { bookingId: string; resourceId: string; version: number },
    now: Date,
  ) {
    await tx.query(
      `INSERT INTO calendar_sync (booking_id, resource_id, version, next_attempt_at, updated_at)
       SELECT $1, $2, $3, $4, $4 WHERE EXISTS (SELECT 1 FROM calendar_connection WHERE resource_id = $2)
       ON CONFLICT (booking_id) DO UPDATE SET version = EXCLUDED.version, next_attempt_at = EXCLUDED.next_attempt_at,
         attempts = 0, updated_at = EXCLUDED.updated_at
        WHERE calendar_sync.version < EXCLUDED.version`,
      [booking.bookingId, booking.resourceId, booking.version, now],
    );
  }

  /** On connecting: every booking of the resource that still ends in the future is (re)written. */
  async backfill(tx: TransactionClient, resourceId: string, now: Date): Promise<number> {
    const result = await tx.query(
      `INSERT INTO calendar_sync (booking_id, resource_id, version, next_attempt_at, updated_at)
       SELECT booking_id, resource_id, version, $2, $2 FROM notification_booking
        WHERE resource_id = $1 AND end_at > $2 AND status = ANY($3)
       ON CONFLICT (booking_id) DO UPDATE SET version = GREATEST(calendar_sync.version, EXCLUDED.version),
         synced_version = NULL, next_attempt_at = EXCLUDED.next_attempt_at, attempts = 0, last_error = NULL,
         updated_at = EXCLUDED.updated_at`,
      [resourceId, now, SHOWN_STATUSES],
    );
    return result.rowCount ?? 0;
  }

  async forgetResource(tx: TransactionClient, resourceId: string): Promise<void> {
    await tx.query('DELETE FROM calendar_sync WHERE resource_id = $1', [resourceId]);
  }

  /** Claims due rows of connected resources, each leased so that no other instance takes it meanwhile. */
  async claimDue(tx: TransactionClient, now: Date, leaseUntil: Date, limit: number): Promise<DueSync[]> {
    const { rows } = await tx.query<{
      booking_id: string;
      resource_id: string;
      version: number;
      synced_version: number | null;
      attempts: number;
    }>(
      `UPDATE calendar_sync SET lease_until = $2, attempts = attempts + 1, updated_at = $1
        WHERE booking_id IN (
          SELECT s.booking_id FROM calendar_sync s JOIN calendar_connection c ON c.resource_id = s.resource_id
           WHERE c.status = 'connected' AND s.synced_version IS DISTINCT FROM s.version
             AND s.next_attempt_at <= $1 AND (s.lease_until IS NULL OR s.lease_until < $1)
           ORDER BY s.next_attempt_at LIMIT $3
           FOR UPDATE OF s SKIP LOCKED)
        RETURNING booking_id, resource_id, version, synced_version, attempts`,
      [now, leaseUntil, limit],
    );
    return rows.map((row) => ({
      bookingId: row.booking_id,
      resourceId: row.resource_id,
      version: row.version,
      syncedVersion: row.synced_version,
      attempts: row.attempts,
    }));
  }

  /** `version` is what was written: if a newer one came meanwhile, the row stays due for it. */
  async markSynced(db: Queryable, bookingId: string, version: number, now: Date): Promise<void> {
    await db.query(
      `UPDATE calendar_sync SET synced_version = GREATEST(COALESCE(synced_version, 0), $2), lease_until = NULL,
         attempts = 0, last_error = NULL, updated_at = $3
        WHERE booking_id = $1`,
      [bookingId, version, now],
    );
  }

  /** `at` null: given up until a newer version of the booking comes. */
  async retryAt(db: Queryable, bookingId: string, at: Date | null, error: string, now: Date): Promise<void> {
    await db.query(
      `UPDATE calendar_sync SET next_attempt_at = COALESCE($2, 'infinity'::timestamptz), lease_until = NULL,
         last_error = $3, updated_at = $4
        WHERE booking_id = $1`,
      [bookingId, at, error, now],
    );
  }
}
