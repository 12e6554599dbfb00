import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { Caller } from '@booking/contracts';
import { isUuid, type Queryable, type TransactionClient } from '@booking/db';
import { PG_POOL } from '@booking/nest-kit';
import { formatWall, type WallTime } from '@booking/time';
import type { Series, SeriesConflict } from '../domain/series';
import { SeriesRepository } from '../application/ports/series.repository';

interface SeriesRow {
  series_id: string;
  resource_id: string;
  customer_id: string;
  rrule: string;
  time_zone: string;
  start_wall: string;
  end_wall: string;
  on_missing_day: Series['onMissingDay'];
  on_nonexistent: Series['onNonexistent'];
  disambiguation: Series['disambiguation'];
  status: Series['status'];
  held_until: Date;
  cancelled_recurrences: string[];
  conflicts: SeriesConflict[];
  contact: Series['contact'];
  version: number;
  created_at: Date;
  updated_at: Date;
}

function parseWall(text: string): WallTime {
  const [year, month, day, hour, minute, second] = text.split(/[-T:]/).map((part) => Number(part));
  return { year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: second! };
}

const toSeries = (row: SeriesRow): Series => ({
  seriesId: row.series_id,
  resourceId: row.resource_id,
  customerId: row.customer_id,
  rrule: row.rrule,
  timeZone: row.time_zone,
  startWall: parseWall(row.start_wall),
  endWall: parseWall(row.end_wall),
  onMissingDay: row.on_missing_day,
  onNonexistent: row.on_nonexistent,
  disambiguation: row.disambiguation,
  status: row.status,
  heldUntil: row.held_until,
  cancelledRecurrences: row.cancelled_recurrences,
  conflicts: row.conflicts,
  contact: row.contact,
  version: row.version,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

@Injectable()
export class PgSeriesRepository implements SeriesRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async insert(tx: TransactionClient, series: Series): Promise<void> {
    await tx.query(
      `INSERT INTO series (series_id, resource_id, customer_id, rrule, time_zone, start_wall, end_wall, on_missing_day,
         on_nonexistent, disambiguation, status, held_until, contact, version, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15)`,
      [
        series.seriesId,
        series.resourceId,
        series.customerId,
        series.rrule,
        series.timeZone,
        formatWall(series.startWall),
        formatWall(series.endWall),
        series.onMissingDay,
        series.onNonexistent,
        series.disambiguation,
        series.status,
        series.heldUntil,
        series.contact === null ? null : JSON.stringify(series.contact),
        series.version,
        series.createdAt,
      ],
    );
  }

  async findById(seriesId: string, db: Queryable = this.pool): Promise<Series | undefined> {
    if (!isUuid(seriesId)) return undefined;
    const { rows } = await db.query<SeriesRow>('SELECT * FROM series WHERE series_id = $1', [seriesId]);
    return rows[0] ? toSeries(rows[0]) : undefined;
  }

  async findByIds(seriesIds: readonly string[]): Promise<Series[]> {
    const ids = seriesIds.filter(isUuid);
    if (ids.length === 0) return [];
    const { rows } = await this.pool.query<SeriesRow>(
      'SELECT * FROM series WHERE series_id = ANY($1::uuid[])',
      [ids],
    );
    return rows.map(toSeries);
  }

  /** The series if this caller may see it: its customer, the resource's host, or an admin. */
  async findVisible(seriesId: string, caller: Caller): Promise<Series | undefined> {
    if (!isUuid(seriesId)) return undefined;
    const { rows } = await this.pool.query<SeriesRow>(
      `SELECT s.* FROM series s JOIN resource r ON r.resource_id = s.resource_id
        WHERE s.series_id = $1 AND ($2 = 'admin' OR ($2 = 'host' AND r.owner_id = $3) OR ($2 = 'customer' AND s.customer_id = $3))`,
      [seriesId, caller.role, caller.userId],
    );
    return rows[0] ? toSeries(rows[0]) : undefined;
  }

  async lock(tx: TransactionClient, seriesId: string): Promise<Series | undefined> {
    const { rows } = await tx.query<SeriesRow>('SELECT * FROM series WHERE series_id = $1 FOR UPDATE', [
      seriesId,
    ]);
    return rows[0] ? toSeries(rows[0]) : undefined;
  }

  /** Active series whose held occurrences end before `until`, locked; other job instances skip them. */
  async claimDue(tx: TransactionClient, until: Date, limit: number): Promise<Series[]> {
    const { rows } = await tx.query<SeriesRow>(
      `SELECT * FROM series WHERE status = 'ACTIVE' AND held_until < $1
        ORDER BY held_until LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [until, limit],
    );
    return rows.map(toSeries);
  }

  async advance(
    tx: TransactionClient,
    seriesId: string,
    step: { heldUntil: Date; newConflicts: SeriesConflict[]; now: Date; ended: boolean },
  ): Promise<Series> {
    const { rows } = await tx.query<SeriesRow>(
      `UPDATE series SET held_until = $2, conflicts = conflicts || $3::jsonb, updated_at = $4,
              status = CASE WHEN $5 THEN 'ENDED' ELSE status END
        WHERE series_id = $1 RETURNING *`,
      [seriesId, step.heldUntil, JSON.stringify(step.newConflicts), step.now, step.ended],
    );
    return toSeries(rows[0]!);
  }

  /** The series after the change, or undefined when the occurrence was cancelled already. */
  async addCancelledRecurrence(
    tx: TransactionClient,
    seriesId: string,
    recurrenceId: string,
    now: Date,
  ): Promise<Series | undefined> {
    const { rows } = await tx.query<SeriesRow>(
      `UPDATE series SET cancelled_recurrences = cancelled_recurrences || to_jsonb($2::text), updated_at = $3
        WHERE series_id = $1 AND NOT cancelled_recurrences ? $2 RETURNING *`,
      [seriesId, recurrenceId, now],
    );
    return rows[0] ? toSeries(rows[0]) : undefined;
  }

  async markCancelled(tx: TransactionClient, seriesId: string, now: Date): Promise<Series> {
    const { rows } = await tx.query<SeriesRow>(
      `UPDATE series SET status = 'CANCELLED', updated_at = $2 WHERE series_id = $1 RETURNING *`,
      [seriesId, now],
    );
    return toSeries(rows[0]!);
  }
}
