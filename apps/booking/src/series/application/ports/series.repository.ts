import type { Caller } from '@booking/contracts';
import type { Queryable, TransactionClient } from '@booking/db';
import type { Series, SeriesConflict } from '../../domain/series';

/** A port of the use cases; `PgSeriesRepository` implements it with PostgreSQL. */
export abstract class SeriesRepository {
  abstract insert(tx: TransactionClient, series: Series): Promise<void>;
  abstract findById(seriesId: string, db?: Queryable): Promise<Series | undefined>;
  /** The series of these ids that exist, in no particular order. */
  abstract findByIds(seriesIds: readonly string[]): Promise<Series[]>;
  /** The series if this caller may see it: its customer, the resource's host, or an admin. */
  abstract findVisible(seriesId: string, caller: Caller): Promise<Series | undefined>;
  abstract lock(tx: TransactionClient, seriesId: string): Promise<Series | undefined>;
  /** Active series whose held occurrences end before `until`, locked; other job instances skip them. */
  abstract claimDue(tx: TransactionClient, until: Date, limit: number): Promise<Series[]>;
  abstract advance(
    tx: TransactionClient,
    seriesId: string,
    step: { heldUntil: Date; newConflicts: SeriesConflict[]; now: Date; ended: boolean },
  ): Promise<Series>;
  /** The series after the change, or undefined when the occurrence was cancelled already. */
  abstract addCancelledRecurrence(
    tx: TransactionClient,
    seriesId: string,
    recurrenceId: string,
    now: Date,
  ): Promise<Series | undefined>;
  abstract markCancelled(tx: TransactionClient, seriesId: string, now: Date): Promise<Series>;
}
