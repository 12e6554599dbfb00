import { Inject, Injectable } from '@nestjs/common';
import type { Counter, Registry } from 'prom-client';
import type { TransactionClient } from '@booking/db';
import { counterIn, LeasedBatchJob, METRICS, SERVICE_CONFIG } from '@booking/nest-kit';
import { afterFailure, formatUtc, type RetrySettings } from '@booking/time';
import type { NotificationConfig } from '../../notification-config';
import { NotificationRepository } from '../../notifications/application/ports/notification.repository';
import { desiredEvent } from '../domain/google-event';
import { desiredSeries } from '../domain/series-event';
import { CalendarConnectionRepository } from './ports/calendar-connection.repository';
import { CalendarSyncRepository, type DueSync } from './ports/calendar-sync.repository';
import { GoogleCalendar, type GoogleOutcome } from './ports/google-calendar';
import { SeriesSnapshotRepository } from './ports/series-snapshot.repository';
import { TokenCipher } from './ports/token-cipher';

type Outcome = GoogleOutcome['outcome'] | 'gave_up';

/**
 * Makes each connected calendar show its bookings as they are now, outside any transaction:
 * a due booking is claimed (leased), its latest view turned into the event it should be, and
 * Google told. Idempotent by the derived event id, so a crashed attempt is simply made again.
 * Rate limits, 5xx and timeouts are retried with backoff; a refusal is recorded on the
 * connection; a revoked grant puts the connection in `error` and stops its syncing.
 */
@Injectable()
export class SyncCalendarsJob extends LeasedBatchJob<DueSync> {
  protected readonly name = 'calendar sync';
  private readonly retry: RetrySettings;
  private readonly outcomes: Counter<'outcome'>;

  constructor(
    private readonly syncs: CalendarSyncRepository,
    private readonly connections: CalendarConnectionRepository,
    private readonly notifications: NotificationRepository,
    private readonly series: SeriesSnapshotRepository,
    private readonly google: GoogleCalendar,
    private readonly cipher: TokenCipher,
    @Inject(SERVICE_CONFIG) private readonly config: NotificationConfig,
    @Inject(METRICS) metrics: Registry,
  ) {
    super();
    this.outcomes = counterIn(
      metrics,
      'calendar_syncs_total',
      'Calendar writes by outcome: done, retry, failed (refused by Google), revoked (grant gone), gave_up',
      ['outcome'],
    );
    this.retry = {
      maxAttempts: config.CALENDAR_SYNC_MAX_ATTEMPTS,
      baseMs: config.CALENDAR_SYNC_RETRY_BASE_MS,
      maxMs: config.CALENDAR_SYNC_RETRY_MAX_MS,
    };
  }

  protected intervalMs(): number {
    return this.config.CALENDAR_SYNC_INTERVAL_MS;
  }

  protected leaseMs(): number {
    return this.config.CALENDAR_SYNC_LEASE_MS;
  }

  protected claim(tx: TransactionClient, now: Date, leaseUntil: Date, limit: number): Promise<DueSync[]> {
    return this.syncs.claimDue(tx, now, leaseUntil, limit);
  }

  protected async attempt(due: DueSync): Promise<void> {
    const connection = await this.connections.find(this.pool, due.resourceId);
    const desired = connection && (await this.desiredOf(due));
    // Disconnected meanwhile, or the view's event has not come yet (it makes the entry due again).
    if (!connection || !desired)
      return this.syncs.markSynced(this.pool, due.key, due.version, this.clock.now());
    const refreshToken = this.cipher.open(connection.token, due.resourceId);
    // A key rotated out of first place: the token is sealed again, so the old key can go.
    if (this.cipher.isStale(connection.token))
      await this.connections.resealToken(
        this.pool,
        due.resourceId,
        connection.token,
        this.cipher.seal(refreshToken, due.resourceId),
        this.clock.now(),
      );
    // A hold that expired before it was ever written leaves nothing to remove.
    const outcome: GoogleOutcome =
      desired.entry.kind === 'absent' && due.syncedVersion === null
        ? { outcome: 'done' }
        : await this.google.apply(due.resourceId, refreshToken, connection.calendarId, desired.entry);
    await this.settle(due, desired.version, outcome);
  }

  /**
   * What the entry should be now, from the latest views, and the version that makes it: a
   * booking's own, or the series entry's count of changes. Null while the view has not come yet.
   */
  private async desiredOf(due: DueSync) {
    if (due.kind === 'series') {
      const series = await this.series.find(this.pool, due.key);
      if (!series) return null;
      const occurrences = await this.notifications.findSeriesOccurrences(this.pool, due.key);
      return { entry: desiredSeries(series, occurrences, this.clock.now()), version: due.version };
    }
    const booking = await this.notifications.findSnapshot(this.pool, due.key);
    if (!booking) return null;
    return { entry: desiredEvent(booking, this.config.BOOKING_LINK_URL), version: booking.version };
  }

  private async settle(due: DueSync, version: number, result: GoogleOutcome): Promise<void> {
    const now = this.clock.now();
    let outcome: Outcome = result.outcome;
    if (result.outcome === 'done') {
      await this.syncs.markSynced(this.pool, due.key, version, now);
      await this.connections.markSynced(this.pool, due.resourceId, now);
    } else {
      const error = `${formatUtc(now)}: ${result.reason}`;
      this.logger.event('warn', 'calendar not synced', {
        [due.kind === 'series' ? 'seriesId' : 'bookingId']: due.key,
        outcome,
        reason: result.reason,
      });
      if (result.outcome === 'revoked') {
        // The row stays due: connecting the calendar again takes it up.
        await this.connections.recordError(this.pool, due.resourceId, error, true, now);
        await this.syncs.retryAt(this.pool, due.key, now, result.reason, now);
      } else {
        const next =
          result.outcome === 'retry'
            ? afterFailure(due.attempts, 'retryable', this.retry, Math.random())
            : 'give_up';
        if (next === 'give_up') {
          if (result.outcome === 'retry') outcome = 'gave_up';
          await this.connections.recordError(this.pool, due.resourceId, error, false, now);
        }
        const at = next === 'give_up' ? null : new Date(now.getTime() + next.retryInMs);
        await this.syncs.retryAt(this.pool, due.key, at, result.reason, now);
      }
    }
    this.outcomes.inc({ outcome });
  }
}
