import { Inject, Injectable } from '@nestjs/common';
import type { TopicNames } from '@booking/contracts';
import { withTransaction, type TransactionClient } from '@booking/db';
import { LeasedBatchJob, OUTBOX_WRITER, SERVICE_CONFIG, TOPIC_NAMES } from '@booking/nest-kit';
import type { OutboxWriter } from '@booking/outbox';
import { PAYMENT_PROVIDER, type PaymentProvider, type RefundResult } from '@booking/payment-provider';
import { afterFailure, type RetrySettings } from '@booking/time';
import type { RefundConfig } from '../../refund-config';
import type { Refund } from '../domain/refund';
import { RefundRepository } from './ports/refund.repository';
import { RefundMetrics } from './refund-metrics';

/**
 * Makes due refunds at the provider. An attempt is claimed (leased) in one short transaction, the
 * provider is called outside any transaction with the refund's id as idempotency key, and the
 * outcome is written with its event in another: a crash between the two only repeats the call,
 * which the key makes harmless.
 */
@Injectable()
export class ExecuteRefundsJob extends LeasedBatchJob<Refund> {
  protected readonly name = 'refund run';
  private readonly retry: RetrySettings;

  constructor(
    private readonly refunds: RefundRepository,
    private readonly metrics: RefundMetrics,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(OUTBOX_WRITER) private readonly outbox: OutboxWriter,
    @Inject(TOPIC_NAMES) private readonly topics: TopicNames,
    @Inject(SERVICE_CONFIG) private readonly config: RefundConfig,
  ) {
    super();
    this.retry = {
      maxAttempts: config.REFUND_MAX_ATTEMPTS,
      baseMs: config.REFUND_RETRY_BASE_MS,
      maxMs: config.REFUND_RETRY_MAX_MS,
    };
  }

  protected intervalMs(): number {
    return this.config.REFUND_POLL_INTERVAL_MS;
  }

  protected leaseMs(): number {
    return this.config.REFUND_LEASE_MS;
  }

  protected claim(tx: TransactionClient, now: Date, leaseUntil: Date, limit: number): Promise<Refund[]> {
    return this.refunds.claimDue(tx, now, leaseUntil, limit);
  }

  protected async attempt(refund: Refund): Promise<void> {
    this.metrics.increment('refund_attempts_total');
    const result: RefundResult = await this.provider
      .refund({
        txnId: refund.txnId,
        amount: refund.amount,
        currency: refund.currency,
        idempotencyKey: refund.refundId,
      })
      .catch((error: unknown) => ({ outcome: 'retryable', reason: String(error) }) as const);
    if (result.outcome === 'succeeded') return this.succeed(refund, result.refundId);
    const next = afterFailure(refund.attempts, result.outcome, this.retry, Math.random());
    this.logger.event('warn', 'refund attempt failed', {
      refundId: refund.refundId,
      bookingId: refund.bookingId,
      attempt: refund.attempts,
      reason: result.reason,
      giveUp: next === 'give_up',
    });
    if (next === 'give_up') return this.fail(refund, result.reason);
    const now = this.clock.now();
    await withTransaction(this.pool, (tx) =>
      this.refunds.scheduleRetry(
        tx,
        refund.refundId,
        new Date(now.getTime() + next.retryInMs),
        result.reason,
        now,
      ),
    );
  }

  private async succeed(refund: Refund, providerRefundId: string): Promise<void> {
    const finished = await withTransaction(this.pool, async (tx) => {
      if (
        !(await this.refunds.finish(
          tx,
          refund.refundId,
          { status: 'succeeded', providerRefundId },
          this.clock.now(),
        ))
      )
        return false;
      await this.outbox.write(tx, {
        topic: this.topics.refund,
        type: 'refund.succeeded',
        subject: refund.bookingId,
        data: { ...this.eventData(refund), refundId: providerRefundId },
      });
      return true;
    });
    if (finished) this.metrics.increment('refunds_succeeded_total');
  }

  private async fail(refund: Refund, reason: string): Promise<void> {
    const finished = await withTransaction(this.pool, async (tx) => {
      if (
        !(await this.refunds.finish(
          tx,
          refund.refundId,
          { status: 'failed', error: reason },
          this.clock.now(),
        ))
      )
        return false;
      await this.outbox.write(tx, {
        topic: this.topics.refund,
        type: 'refund.failed',
        subject: refund.bookingId,
        data: { ...this.eventData(refund), refundId: refund.refundId, reason, attempts: refund.attempts },
      });
      return true;
    });
    if (finished) {
      this.metrics.increment('refunds_failed_total');
      this.logger.event('error', 'refund given up', {
        refundId: refund.refundId,
        bookingId: refund.bookingId,
        reason,
      });
    }
  }

  private eventData(refund: Refund) {
    return {
      bookingId: refund.bookingId,
      txnId: refund.txnId,
      amount: refund.amount,
      currency: refund.currency,
    };
  }
}
