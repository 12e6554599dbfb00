import type { Queryable, TransactionClient } from '@booking/db';

/** A booking's own event, or a series' recurring event (its occurrences are its exceptions). */
export type EntryKind = 'booking' | 'series';

/** One calendar entry not yet as its latest state says. */
export interface DueSync {
  kind: EntryKind;
  /** The booking's id, or the series'. */
  key: string;
  resourceId: string;
  version: number;
  /** The version last written to the calendar; null: nothing was written yet. */
  syncedVersion: number | null;
  attempts: number;
}

/** A port of the use cases; `PgCalendarSyncRepository` implements it with PostgreSQL. */
export abstract class CalendarSyncRepository {
  /**
   * Taken first by a connect (its backfill) and by each consumer transaction writing a resource's
   * bookings: whichever commits second then reads what the first wrote, so a booking recorded
   * while its calendar is being connected is never missed by both.
   */
  abstract lockResource(tx: TransactionClient, resourceId: string): Promise<void>;
  /** In the consumer's transaction. */
  abstract want(
    tx: TransactionClient,
    booking: { bookingId: string; resourceId: string; version: number },
    now: Date,
  ): Promise<void>;
  /** In the consumer's transaction: the series or one of its occurrences changed. */
  abstract wantSeries(
    tx: TransactionClient,
    series: { seriesId: string; resourceId: string },
    now: Date,
  ): Promise<void>;
  /** On connecting: every booking that still ends in the future, and every series, is (re)written. */
  abstract backfill(tx: TransactionClient, resourceId: string, now: Date): Promise<void>;
  abstract forgetResource(tx: TransactionClient, resourceId: string): Promise<void>;
  /** Claims due entries of connected resources, each leased so that no other instance takes it meanwhile. */
  abstract claimDue(tx: TransactionClient, now: Date, leaseUntil: Date, limit: number): Promise<DueSync[]>;
  /** `version` is what was written: if a newer one came meanwhile, the entry stays due for it. */
  abstract markSynced(db: Queryable, key: string, version: number, now: Date): Promise<void>;
  /** `at` null: given up until the entry changes again. */
  abstract retryAt(db: Queryable, key: string, at: Date | null, error: string, now: Date): Promise<void>;
}
