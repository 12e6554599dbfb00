import type { Queryable, TransactionClient } from '@booking/db';
import type { SeriesSnapshot } from '../../domain/series-event';

/** A port of the use cases; `PgSeriesSnapshotRepository` implements it with PostgreSQL. */
export abstract class SeriesSnapshotRepository {
  abstract save(tx: TransactionClient, series: SeriesSnapshot, now: Date): Promise<void>;
  abstract find(db: Queryable, seriesId: string): Promise<SeriesSnapshot | null>;
}
