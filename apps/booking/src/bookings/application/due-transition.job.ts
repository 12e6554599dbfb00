import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { TopicNames } from '@booking/contracts';
import { withTransaction, type TransactionClient } from '@booking/db';
import { CLOCK, OUTBOX_WRITER, PG_POOL, PeriodicJob, SERVICE_CONFIG, TOPIC_NAMES } from '@booking/nest-kit';
import type { OutboxWriter } from '@booking/outbox';
import type { Clock } from '@booking/time';
import type { BookingConfig } from '../../booking-config';
import type { Booking } from '../domain/booking';
import { AvailabilityCache } from './ports/availability-cache';
import { BookingRepository } from './ports/booking.repository';
import { bookingEvent } from './booking-events';

const BATCH = 200;

/**
 * A transition that time makes, by the injected clock (never the database's `now()`): each
 * booking changed with its event in the same transaction, and the search cache of its city
 * invalidated, since the period is free again. Safe with several instances: subclasses claim
 * rows with SKIP LOCKED and update them conditionally on their current status.
 */
@Injectable()
export abstract class DueTransitionJob extends PeriodicJob {
  @Inject(BookingRepository) protected readonly bookings!: BookingRepository;
  @Inject(AvailabilityCache) private readonly cache!: AvailabilityCache;
  @Inject(PG_POOL) private readonly pool!: Pool;
  @Inject(OUTBOX_WRITER) private readonly outbox!: OutboxWriter;
  @Inject(TOPIC_NAMES) private readonly topics!: TopicNames;
  @Inject(CLOCK) private readonly clock!: Clock;
  @Inject(SERVICE_CONFIG) protected readonly config!: BookingConfig;

  protected abstract readonly eventType: 'booking.expired' | 'booking.no_show';
  /** Changes up to `limit` bookings that are due at `now`, and returns them as they are now. */
  protected abstract takeDue(tx: TransactionClient, now: Date, limit: number): Promise<Booking[]>;

  /** Changes every booking that is due now; resolves with how many. */
  async runOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const changed = await withTransaction(this.pool, async (tx) => {
        const rows = await this.takeDue(tx, this.clock.now(), BATCH);
        for (const booking of rows)
          await this.outbox.write(tx, bookingEvent(this.topics, this.eventType, booking));
        return rows;
      });
      total += changed.length;
      if (changed.length > 0) {
        await this.cache.invalidate(
          await this.bookings.citiesOf(changed.map((booking) => booking.resourceId)),
        );
      }
      if (changed.length < BATCH) return total;
    }
  }
}

/**
 * Unpaid holds become EXPIRED `HOLD_PAYMENT_GRACE_SECONDS` after `holdExpiresAt`: a payment taken
 * before expiry may still be on its way (relay, consumer lag, a rebalance) and must find its hold.
 */
@Injectable()
export class ExpireHoldsJob extends DueTransitionJob {
  protected readonly name = 'hold expiry';
  protected readonly eventType = 'booking.expired';

  protected intervalMs(): number {
    return this.config.HOLD_EXPIRY_INTERVAL_MS;
  }

  protected takeDue(tx: TransactionClient, now: Date, limit: number): Promise<Booking[]> {
    const expiredBefore = new Date(now.getTime() - this.config.HOLD_PAYMENT_GRACE_SECONDS * 1_000);
    return this.bookings.expireDue(tx, { now, expiredBefore }, limit);
  }
}

/** Confirmed bookings not checked in `noShowAfterMinutes` after their start become NO_SHOW. */
@Injectable()
export class MarkNoShowsJob extends DueTransitionJob {
  protected readonly name = 'no-show marking';
  protected readonly eventType = 'booking.no_show';

  protected intervalMs(): number {
    return this.config.NO_SHOW_INTERVAL_MS;
  }

  protected takeDue(tx: TransactionClient, now: Date, limit: number): Promise<Booking[]> {
    return this.bookings.markNoShowsDue(tx, now, limit);
  }
}
