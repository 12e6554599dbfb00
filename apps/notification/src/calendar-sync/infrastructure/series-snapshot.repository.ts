import { Injectable } from '@nestjs/common';
import type { Queryable, TransactionClient } from '@booking/db';
import type { SeriesSnapshot } from '../domain/series-event';
import { SeriesSnapshotRepository } from '../application/ports/series-snapshot.repository';

interface SeriesRow {
  series_id: string;
  resource_id: string;
  status: SeriesSnapshot['status'];
  rrule: string;
  time_zone: string;
  start_local: string;
  end_local: string;
  cancelled_recurrences: string[];
  conflict_recurrences: string[];
  on_missing_day: SeriesSnapshot['onMissingDay'];
  on_nonexistent: SeriesSnapshot['onNonexistent'];
  disambiguation: SeriesSnapshot['disambiguation'];
  version: number;
}

/** The newest series.changed of each series; an older one never replaces it. */
@Injectable()
export class PgSeriesSnapshotRepository implements SeriesSnapshotRepository {
  async save(tx: TransactionClient, series: SeriesSnapshot, now: Date): Promise<void> {
    await tx.query(
      `INSERT INTO notification_series (series_id, resource_id, status, rrule, time_zone, start_local, end_local,
         cancelled_recurrences, conflict_recurrences, on_missing_day, on_nonexistent, disambiguation, version,
         updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       ON CONFLICT (series_id) DO UPDATE SET status = EXCLUDED.status, rrule = EXCLUDED.rrule,
         time_zone = EXCLUDED.time_zone, start_local = EXCLUDED.start_local, end_local = EXCLUDED.end_local,
         cancelled_recurrences = EXCLUDED.cancelled_recurrences, conflict_recurrences = EXCLUDED.conflict_recurrences,
         on_missing_day = EXCLUDED.on_missing_day, on_nonexistent = EXCLUDED.on_nonexistent,
         disambiguation = EXCLUDED.disambiguation, version = EXCLUDED.version, updated_at = EXCLUDED.updated_at
       WHERE notification_series.version <= EXCLUDED.version`,
      [
        series.seriesId,
        series.resourceId,
        series.status,
        series.rrule,
        series.timeZone,
        series.startLocal,
        series.endLocal,
        JSON.stringify(series.cancelledRecurrences),
        JSON.stringify(series.conflictRecurrences),
        series.onMissingDay,
        series.onNonexistent,
        series.disambiguation,
        series.version,
        now,
      ],
    );
  }

  async find(db: Queryable, seriesId: string): Promise<SeriesSnapshot | null> {
    const { rows } = await db.query<SeriesRow>('SELECT * FROM notification_series WHERE series_id = $1', [
      seriesId,
    ]);
    const row = rows[0];
    if (!row) return null;
    return {
      seriesId: row.series_id,
      resourceId: row.resource_id,
      status: row.status,
      rrule: row.rrule,
      timeZone: row.time_zone,
      startLocal: row.start_local,
      endLocal: row.end_local,
      cancelledRecurrences: row.cancelled_recurrences,
      conflictRecurrences: row.conflict_recurrences,
      onMissingDay: row.on_missing_day,
      onNonexistent: row.on_nonexistent,
      disambiguation: row.disambiguation,
      version: row.version,
    };
  }
}
