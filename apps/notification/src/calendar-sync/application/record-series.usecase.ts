import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { KnownEvent } from '@booking/contracts';
import { CLOCK, PG_POOL } from '@booking/nest-kit';
import { Inbox } from '@booking/outbox';
import type { Clock } from '@booking/time';
import { seriesSnapshotOf } from '../domain/series-event';
import { CalendarSyncRepository } from './ports/calendar-sync.repository';
import { SeriesSnapshotRepository } from './ports/series-snapshot.repository';

/** series.changed: the series' view is kept (the newest only) and its calendar entry made due, once per event. */
@Injectable()
export class RecordSeries {
  private readonly inbox = new Inbox('calendar-sync.series');

  constructor(
    private readonly series: SeriesSnapshotRepository,
    private readonly syncs: CalendarSyncRepository,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async handle(event: Extract<KnownEvent, { type: 'series.changed' }>): Promise<void> {
    const now = this.clock.now();
    await this.inbox.once(this.pool, event, async (tx) => {
      await this.syncs.lockResource(tx, event.data.resourceId);
      await this.series.save(tx, seriesSnapshotOf(event.data), now);
      await this.syncs.wantSeries(tx, event.data, now);
    });
  }
}
