import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { TopicNames } from '@booking/contracts';
import { withTransaction } from '@booking/db';
import { CLOCK, OUTBOX_WRITER, PG_POOL, PeriodicJob, SERVICE_CONFIG, TOPIC_NAMES } from '@booking/nest-kit';
import type { OutboxWriter } from '@booking/outbox';
import type { Clock } from '@booking/time';
import type { BookingConfig } from '../../booking-config';
import { AvailabilityCache } from '../infrastructure/availability-cache';
import { BookingRepository } from '../infrastructure/booking.repository';
import { bookingEvent } from './booking-events';

/**
 * Unpaid holds become EXPIRED at `holdExpiresAt`, by the injected clock (never the database's
 * `now()`), each with its `booking.expired` in the same transaction. Safe with several instances:
 * rows are claimed with SKIP LOCKED and the update is conditional on HOLD.
 */
@Injectable()
export class ExpireHoldsJob extends PeriodicJob {
  protected readonly name = 'hold expiry';

  constructor(
    private readonly bookings: BookingRepository,
    private readonly cache: AvailabilityCache,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(OUTBOX_WRITER) private readonly outbox: OutboxWriter,
    @Inject(TOPIC_NAMES) private readonly topics: TopicNames,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly config: BookingConfig,
  ) {
    super();
  }

  protected intervalMs(): number {
    return this.config.HOLD_EXPIRY_INTERVAL_MS;
  }

  /** Expires every hold that is due now; resolves with how many. */
  async runOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const expired = await withTransaction(this.pool, async (tx) => {
        const rows = await this.bookings.expireDue(tx, this.clock.now(), 200);
        for (const booking of rows)
          await this.outbox.write(tx, bookingEvent(this.topics, 'booking.expired', booking));
        return rows;
      });
      total += expired.length;
      if (expired.length > 0) {
        const cities = await this.bookings.citiesOf(expired.map((booking) => booking.resourceId));
        await this.cache.invalidate(cities);
      }
      if (expired.length < 200) return total;
    }
  }
}
