import { Inject, Injectable } from '@nestjs/common';
import type { TopicNames } from '@booking/contracts';
import { withTransaction, type TransactionClient } from '@booking/db';
import {
  counterIn,
  LeasedBatchJob,
  METRICS,
  OUTBOX_WRITER,
  SERVICE_CONFIG,
  TOPIC_NAMES,
} from '@booking/nest-kit';
import type { OutboxWriter } from '@booking/outbox';
import type { Counter, Registry } from 'prom-client';
import { afterFailure, formatUtc, type RetrySettings } from '@booking/time';
import type { NotificationConfig } from '../../notification-config';
import { invitationFor, isWholeSeriesMessage, needsSeries, type SeriesView } from '../domain/invitation';
import { SeriesSnapshotRepository } from '../../calendar-sync/application/ports/series-snapshot.repository';
import { messageFor, type MessageText } from '../domain/message-text';
import type { BookingSnapshot, Notification } from '../domain/notification';
import type { DeliveryOutcome } from './ports/delivery';
import { MessageChannels } from './ports/message-channels';
import { NotificationRepository } from './ports/notification.repository';

/**
 * Sends due messages, each at most once. A message is claimed ("sending") in one short
 * transaction, sent outside any transaction, and marked sent with its `notification.sent` event
 * in another. A sender that dies between the two leaves it "sending"; when its lease runs out it
 * is failed, not sent again, since the relay may already have taken it.
 */
@Injectable()
export class SendNotificationsJob extends LeasedBatchJob<Notification> {
  protected readonly name = 'notification run';
  private readonly retry: RetrySettings;
  private readonly outcomes: Counter<'channel' | 'outcome'>;

  constructor(
    private readonly notifications: NotificationRepository,
    private readonly channels: MessageChannels,
    private readonly series: SeriesSnapshotRepository,
    @Inject(OUTBOX_WRITER) private readonly outbox: OutboxWriter,
    @Inject(TOPIC_NAMES) private readonly topics: TopicNames,
    @Inject(SERVICE_CONFIG) private readonly config: NotificationConfig,
    @Inject(METRICS) metrics: Registry,
  ) {
    super();
    this.outcomes = counterIn(
      metrics,
      'notifications_total',
      'Delivery attempts by channel and outcome: sent, retry (will be tried again) or failed (given up)',
      ['channel', 'outcome'],
    );
    this.retry = {
      maxAttempts: config.NOTIFICATION_MAX_ATTEMPTS,
      baseMs: config.NOTIFICATION_RETRY_BASE_MS,
      maxMs: config.NOTIFICATION_RETRY_MAX_MS,
    };
  }

  protected intervalMs(): number {
    return this.config.NOTIFICATION_POLL_INTERVAL_MS;
  }

  protected leaseMs(): number {
    return this.config.NOTIFICATION_LEASE_MS;
  }

  /** Settles first what senders cut off mid-send left behind. */
  protected override async beforeRun(): Promise<void> {
    await this.notifications.failInterrupted(this.pool, this.clock.now());
  }

  protected claim(
    tx: TransactionClient,
    now: Date,
    leaseUntil: Date,
    limit: number,
  ): Promise<Notification[]> {
    return this.notifications.claimDue(tx, now, leaseUntil, limit);
  }

  protected async attempt(notification: Notification): Promise<void> {
    const booking = await this.notifications.findSnapshot(this.pool, notification.bookingId);
    // A refund's event may overtake the booking's own (another topic): wait for them.
    if (!booking)
      return this.afterFailure(notification, { outcome: 'retryable', reason: 'booking not known yet' });
    const address = addressOf(booking, notification);
    if (!address)
      return this.afterFailure(notification, { outcome: 'rejected', reason: 'no address for the channel' });
    const series = needsSeries(notification.kind, booking)
      ? await this.seriesOf(notification, booking)
      : undefined;
    // A message about an occurrence is written with its series: it waits for series.changed.
    if (series === null)
      return this.afterFailure(notification, { outcome: 'retryable', reason: 'series not known yet' });
    const message = messageFor(notification.kind, booking, notification.details);
    const outcome = await this.channels.send(notification.channel, {
      id: notification.notificationId,
      to: address,
      ...message,
      calendar: invitationFor(notification.kind, booking, this.config.MAIL_FROM, this.clock.now(), series),
    });
    if (outcome.outcome === 'sent') return this.markSent(notification, message);
    return this.afterFailure(notification, outcome);
  }

  /** The series an occurrence's message is written with: every occurrence only for the whole series' messages. */
  private async seriesOf(notification: Notification, booking: BookingSnapshot): Promise<SeriesView | null> {
    const series = await this.series.find(this.pool, booking.seriesId!);
    if (!series) return null;
    const occurrences = isWholeSeriesMessage(notification.kind)
      ? await this.notifications.findSeriesOccurrences(this.pool, series.seriesId)
      : [];
    return { series, occurrences };
  }

  private async markSent(notification: Notification, message: MessageText): Promise<void> {
    this.outcomes.inc({ channel: notification.channel, outcome: 'sent' });
    const sentAt = this.clock.now();
    await withTransaction(this.pool, async (tx) => {
      if (!(await this.notifications.markSent(tx, notification.notificationId, message, sentAt))) return;
      await this.outbox.write(tx, {
        topic: this.topics.notification,
        type: 'notification.sent',
        subject: notification.bookingId,
        data: {
          bookingId: notification.bookingId,
          kind: notification.kind,
          channel: notification.channel,
          scheduledFor: formatUtc(notification.scheduledFor),
          sentAt: formatUtc(sentAt),
        },
      });
    });
  }

  private async afterFailure(
    notification: Notification,
    failure: Exclude<DeliveryOutcome, { outcome: 'sent' }>,
  ): Promise<void> {
    const next = afterFailure(notification.attempts, failure.outcome, this.retry, Math.random());
    const now = this.clock.now();
    this.logger.event('warn', 'notification not sent', {
      bookingId: notification.bookingId,
      kind: notification.kind,
      attempt: notification.attempts,
      reason: failure.reason,
      giveUp: next === 'give_up',
    });
    this.outcomes.inc({ channel: notification.channel, outcome: next === 'give_up' ? 'failed' : 'retry' });
    if (next === 'give_up') {
      await this.notifications.markFailed(this.pool, notification.notificationId, failure.reason, now);
      return;
    }
    await this.notifications.retryAt(
      this.pool,
      notification.notificationId,
      new Date(now.getTime() + next.retryInMs),
      failure.reason,
      now,
    );
  }
}

function addressOf(booking: BookingSnapshot, notification: Notification): string | undefined {
  return notification.channel === 'email' ? booking.contact?.email : booking.contact?.phone;
}
