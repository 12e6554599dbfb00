import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { KnownEvent } from '@booking/contracts';
import { CLOCK, PG_POOL } from '@booking/nest-kit';
import { Inbox } from '@booking/outbox';
import type { Clock } from '@booking/time';
import { seriesSnapshotOf } from '../domain/series-event';
import { CalendarSyncRepository } from './ports/calendar-sync.repository';
import { NotificationRepository } from '../../notifications/application/ports/notification.repository';
import { SeriesSnapshotRepository } from './ports/series-snapshot.repository';

/**
 * series.changed: the series' view is kept (the newest only) and its calendar entry made due, once
 * per event; a cancelled series that was announced gets its one cancellation message.
 */
@Injectable()
export class RecordSeries {
  private readonly inbox = new Inbox('calendar-sync.series');

  constructor(
    private readonly series: SeriesSnapshotRepository,
    private readonly syncs: CalendarSyncRepository,
    private readonly notifications: NotificationRepository,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Resolves true when a message may be due now: the series' cancellation. */
  async handle(event: Extract<KnownEvent, { type: 'series.changed' }>): Promise<boolean> {
    const now = this.clock.now();
    const announced = await this.inbox.once(this.pool, event, async (tx) => {
      await this.syncs.lockResource(tx, event.data.resourceId);
      await this.series.save(tx, seriesSnapshotOf(event.data), now);
      await this.syncs.wantSeries(tx, event.data, now);
      if (event.data.status !== 'CANCELLED') return false;
      // Cancelled once, as a whole, to whom it was announced: on the occurrence that announced it.
      const carrier = await this.notifications.seriesCarrier(tx, event.data.seriesId);
      return (
        carrier !== null &&
        this.notifications.addOnce(
          tx,
          { bookingId: carrier, kind: 'series_cancellation', scheduledFor: now },
          now,
        )
      );
    });
    return announced === true;
  }
}
