import { Injectable } from '@nestjs/common';
import type { Queryable, TransactionClient } from '@booking/db';
import { SHOWN_STATUSES } from '../domain/google-event';
import {
  CalendarSyncRepository,
  type DueSync,
  type EntryKind,
} from '../application/ports/calendar-sync.repository';

interface DueRow {
  kind: EntryKind;
  entry_key: string;
  resource_id: string;
  version: number;
  synced_version: number | null;
  attempts: number;
}

/** Only for a resource with a calendar connected. */
const IF_CONNECTED = 'WHERE EXISTS (SELECT 1 FROM calendar_connection WHERE resource_id = $2)';

/**
 * The desired state per calendar entry (a version) against what was applied (synced_version).
 * An entry is due while they differ. A booking's version is the booking's own, so an older one
 * changes nothing; a series' is a count of changes to it or any of its occurrences, since its
 * event is drawn from all of them.
 */
@Injectable()
export class PgCalendarSyncRepository implements CalendarSyncRepository {
  /**
   * Taken first by a connect (its backfill) and by each consumer transaction writing a resource's
   * bookings: whichever commits second then reads what the first wrote, so a booking recorded
   * while its calendar is being connected is never missed by both.
   */
  async lockResource(tx: TransactionClient, resourceId: string): Promise<void> {
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 13))', [resourceId]);
  }

  /** In the consumer's transaction. */
  async want(
    tx: TransactionClient,
    booking: { bookingId: string; resourceId: string; version: number },
    now: Date,
  ) {
    await tx.query(
      `INSERT INTO calendar_sync (kind, entry_key, resource_id, version, next_attempt_at, updated_at)
       SELECT 'booking', $1, $2, $3, $4, $4 ${IF_CONNECTED}
       ON CONFLICT (entry_key) DO UPDATE SET version = EXCLUDED.version, next_attempt_at = EXCLUDED.next_attempt_at,
         attempts = 0, updated_at = EXCLUDED.updated_at
        WHERE calendar_sync.version < EXCLUDED.version`,
      [booking.bookingId, booking.resourceId, booking.version, now],
    );
  }

  /** In the consumer's transaction: the series or one of its occurrences changed. */
  async wantSeries(tx: TransactionClient, series: { seriesId: string; resourceId: string }, now: Date) {
    await tx.query(
      `INSERT INTO calendar_sync (kind, entry_key, resource_id, version, next_attempt_at, updated_at)
       SELECT 'series', $1, $2, 1, $3, $3 ${IF_CONNECTED}
       ON CONFLICT (entry_key) DO UPDATE SET version = calendar_sync.version + 1,
         next_attempt_at = EXCLUDED.next_attempt_at, attempts = 0, updated_at = EXCLUDED.updated_at`,
      [series.seriesId, series.resourceId, now],
    );
  }

  /** On connecting: every booking that still ends in the future, and every series, is (re)written. */
  async backfill(tx: TransactionClient, resourceId: string, now: Date): Promise<void> {
    const again = `ON CONFLICT (entry_key) DO UPDATE SET version = GREATEST(calendar_sync.version, EXCLUDED.version),
         synced_version = NULL, next_attempt_at = EXCLUDED.next_attempt_at, attempts = 0, last_error = NULL,
         updated_at = EXCLUDED.updated_at`;
    await tx.query(
      `INSERT INTO calendar_sync (kind, entry_key, resource_id, version, next_attempt_at, updated_at)
       SELECT 'booking', booking_id, resource_id, version, $2, $2 FROM notification_booking
        WHERE resource_id = $1 AND series_id IS NULL AND end_at > $2 AND status = ANY($3)
       ${again}`,
      [resourceId, now, SHOWN_STATUSES],
    );
    await tx.query(
      `INSERT INTO calendar_sync (kind, entry_key, resource_id, version, next_attempt_at, updated_at)
       SELECT 'series', series_id, resource_id, 1, $2, $2 FROM notification_series
        WHERE resource_id = $1 AND status <> 'CANCELLED'
       ${again}`,
      [resourceId, now],
    );
  }

  async forgetResource(tx: TransactionClient, resourceId: string): Promise<void> {
    await tx.query('DELETE FROM calendar_sync WHERE resource_id = $1', [resourceId]);
  }

  /** Claims due entries of connected resources, each leased so that no other instance takes it meanwhile. */
  async claimDue(tx: TransactionClient, now: Date, leaseUntil: Date, limit: number): Promise<DueSync[]> {
    const { rows } = await tx.query<DueRow>(
      `UPDATE calendar_sync SET lease_until = $2, attempts = attempts + 1, updated_at = $1
        WHERE entry_key IN (
          SELECT s.entry_key FROM calendar_sync s JOIN calendar_connection c ON c.resource_id = s.resource_id
           WHERE c.status = 'connected' AND s.synced_version IS DISTINCT FROM s.version
             AND s.next_attempt_at <= $1 AND (s.lease_until IS NULL OR s.lease_until < $1)
           ORDER BY s.next_attempt_at LIMIT $3
           FOR UPDATE OF s SKIP LOCKED)
        RETURNING kind, entry_key, resource_id, version, synced_version, attempts`,
      [now, leaseUntil, limit],
    );
    return rows.map((row) => ({
      kind: row.kind,
      key: row.entry_key,
      resourceId: row.resource_id,
      version: row.version,
      syncedVersion: row.synced_version,
      attempts: row.attempts,
    }));
  }

  /** `version` is what was written: if a newer one came meanwhile, the entry stays due for it. */
  async markSynced(db: Queryable, key: string, version: number, now: Date): Promise<void> {
    await db.query(
      `UPDATE calendar_sync SET synced_version = GREATEST(COALESCE(synced_version, 0), $2), lease_until = NULL,
         attempts = 0, last_error = NULL, updated_at = $3
        WHERE entry_key = $1`,
      [key, version, now],
    );
  }

  /** `at` null: given up until the entry changes again. */
  async retryAt(db: Queryable, key: string, at: Date | null, error: string, now: Date): Promise<void> {
    await db.query(
      `UPDATE calendar_sync SET next_attempt_at = COALESCE($2, 'infinity'::timestamptz), lease_until = NULL,
         last_error = $3, updated_at = $4
        WHERE entry_key = $1`,
      [key, at, error, now],
    );
  }
}
