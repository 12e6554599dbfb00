import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { DomainError, type TopicNames } from '@booking/contracts';
import { isPgError, PG_ERRORS, withTransaction, type TransactionClient } from '@booking/db';
import { CLOCK, OUTBOX_WRITER, PG_POOL, PeriodicJob, SERVICE_CONFIG, TOPIC_NAMES } from '@booking/nest-kit';
import type { OutboxWriter } from '@booking/outbox';
import { expandSeries, formatUtc, wallToInstant, type Clock, type Occurrence } from '@booking/time';
import { holdLimitsOf, type BookingConfig } from '../../booking-config';
import { CustomerStanding } from '../../customers/application/customer-standing';
import type { Standing } from '../../customers/domain/standing';
import { bookingEvent } from '../../bookings/application/booking-events';
import { blockedOf, checkPeriod } from '../../bookings/domain/hold-plan';
import { newBooking } from '../../bookings/domain/new-booking';
import { AvailabilityCache } from '../../bookings/application/ports/availability-cache';
import { BookingRepository } from '../../bookings/application/ports/booking.repository';
import type { Resource } from '../../resources/domain/resource';
import { ResourceRepository } from '../../resources/application/ports/resource.repository';
import { hasOccurrenceFrom, specOf, type Series, type SeriesConflict } from '../domain/series';
import { HORIZON_DAYS } from '../domain/series-plan';
import { SeriesRepository } from './ports/series.repository';
import { seriesChanged } from './series-events';

const BATCH = 20;
const DAY_MS = 86_400_000;

/**
 * Holds the occurrences of open-ended (or long) series as they come within the horizon. Each
 * occurrence is inserted under its own savepoint, so one taken period is recorded on the series
 * and published as `series.occurrence_conflict` without holding up the others. Safe on several
 * instances: series rows are claimed with SKIP LOCKED, and (series, RECURRENCE-ID) is unique.
 */
@Injectable()
export class MaterializeSeriesJob extends PeriodicJob {
  protected readonly name = 'series materialisation';

  constructor(
    private readonly series: SeriesRepository,
    private readonly bookings: BookingRepository,
    private readonly resources: ResourceRepository,
    private readonly cache: AvailabilityCache,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(OUTBOX_WRITER) private readonly outbox: OutboxWriter,
    @Inject(TOPIC_NAMES) private readonly topics: TopicNames,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly config: BookingConfig,
    private readonly customers: CustomerStanding,
  ) {
    super();
  }

  protected intervalMs(): number {
    return this.config.SERIES_MATERIALIZE_INTERVAL_MS;
  }

  /** Brings every due series up to the horizon; resolves with how many occurrences were held. */
  async runOnce(): Promise<number> {
    let total = 0;
    const cities = new Set<string>();
    for (;;) {
      const now = this.clock.now();
      const horizon = new Date(now.getTime() + HORIZON_DAYS * DAY_MS);
      const claimed = await withTransaction(this.pool, async (tx) => {
        const due = await this.series.claimDue(tx, horizon, BATCH);
        for (const series of due) {
          const { resource } = (await this.resources.findForHold(tx, series.resourceId))!;
          total += await this.extend(tx, series, resource, horizon, now);
          cities.add(resource.city);
        }
        return due.length;
      });
      if (claimed < BATCH) break;
    }
    if (cities.size > 0) await this.cache.invalidate([...cities]);
    return total;
  }

  private async extend(tx: TransactionClient, series: Series, resource: Resource, horizon: Date, now: Date) {
    const expansion = expandSeries(specOf(series), series.heldUntil, horizon);
    const conflicts: SeriesConflict[] = expansion.nonexistent.map((wall) => {
      const at = wallToInstant(wall, series.timeZone, 'earlier', 'shiftForward')!;
      return {
        recurrenceId: formatUtc(at),
        start: formatUtc(at),
        end: formatUtc(at),
        reason: 'nonexistent_local_time',
      };
    });
    const skipped = new Set(series.cancelledRecurrences);
    const standing = await this.customers.of(series.customerId, now, tx);
    let held = 0;
    for (const occurrence of expansion.occurrences) {
      if (skipped.has(formatUtc(occurrence.recurrenceId))) continue;
      const refused = this.refusalOf(occurrence, resource, standing, now);
      if (refused) {
        conflicts.push({
          recurrenceId: formatUtc(occurrence.recurrenceId),
          start: formatUtc(occurrence.start),
          end: formatUtc(occurrence.end),
          reason: refused,
        });
        continue;
      }
      const booking = newBooking(
        {
          period: occurrence,
          blocked: blockedOf(occurrence, resource),
          timeZone: series.timeZone,
          status: 'CONFIRMED',
          holdExpiresAt: null,
        },
        resource,
        { userId: series.customerId, role: 'customer' },
        { contact: series.contact },
        now,
        { seriesId: series.seriesId, recurrenceId: occurrence.recurrenceId },
      );
      await tx.query('SAVEPOINT occurrence');
      try {
        await this.bookings.insert(tx, booking);
      } catch (error) {
        await tx.query('ROLLBACK TO SAVEPOINT occurrence');
        if (isPgError(error, PG_ERRORS.uniqueViolation)) continue;
        if (!isPgError(error, PG_ERRORS.exclusionViolation)) throw error;
        conflicts.push({
          recurrenceId: formatUtc(occurrence.recurrenceId),
          start: formatUtc(occurrence.start),
          end: formatUtc(occurrence.end),
          reason: 'slot_unavailable',
        });
        continue;
      }
      await this.outbox.write(tx, bookingEvent(this.topics, 'booking.confirmed', booking));
      held++;
    }
    for (const conflict of conflicts)
      await this.outbox.write(tx, {
        topic: this.topics.series,
        type: 'series.occurrence_conflict',
        subject: series.seriesId,
        data: {
          seriesId: series.seriesId,
          resourceId: series.resourceId,
          customerId: series.customerId,
          ...conflict,
        },
      });
    // Nothing of a COUNT or UNTIL rule is left beyond the horizon: the series is not read again.
    const ended = !hasOccurrenceFrom(series, horizon);
    const advanced = await this.series.advance(tx, series.seriesId, {
      heldUntil: horizon,
      newConflicts: conflicts,
      now,
      ended,
    });
    // Holding further ahead changes nothing a consumer draws; a conflict or the end does.
    if (conflicts.length > 0 || ended) await this.outbox.write(tx, seriesChanged(this.topics, advanced));
    return held;
  }

  /**
   * The rules a new hold meets, applied to an occurrence as its time comes: the resource's (hours
   * as they are now, notice, length) and the customer's standing. The refusal's code, or null.
   */
  private refusalOf(
    occurrence: Occurrence,
    resource: Resource,
    standing: Standing,
    now: Date,
  ): string | null {
    try {
      checkPeriod(occurrence, resource, now, holdLimitsOf(this.config));
      this.customers.admit(standing, occurrence.start, now);
      return null;
    } catch (error) {
      if (error instanceof DomainError) return error.code;
      throw error;
    }
  }
}
