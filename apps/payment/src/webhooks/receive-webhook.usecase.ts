import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  DomainError,
  paymentSucceededSchema,
  webhookEnvelopeSchema,
  type PaymentSucceeded,
  type TopicNames,
} from '@booking/contracts';
import { withTransaction } from '@booking/db';
import type { Counter, Registry } from 'prom-client';
import {
  CLOCK,
  counterIn,
  LOGGER,
  METRICS,
  OUTBOX_WRITER,
  PG_POOL,
  SERVICE_CONFIG,
  TOPIC_NAMES,
  type JsonLogger,
} from '@booking/nest-kit';
import type { OutboxWriter } from '@booking/outbox';
import { verifyWebhook } from '@booking/payment-provider';
import { formatUtc, type Clock } from '@booking/time';
import type { PaymentConfig } from '../payment-config';
import { RefusalLog, shownWebhookId } from './refusal-log';

export interface WebhookDelivery {
  id: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
  rawBody: string;
  body: unknown;
}

export type WebhookOutcome = 'recorded' | 'duplicate' | 'ignored' | 'unprocessable';

/**
 * A provider's delivery, verified before anything is read from it. `payment.succeeded` becomes one
 * `payment` row (the transaction id is its key) and one event in the same transaction: repeats,
 * concurrent copies and other webhook-ids for the same transaction all find the row and add nothing.
 * A verified delivery is always recorded: one whose payment cannot be read (a fractional amount, a
 * lower-case currency) is kept with its problem and logged as an error for reconciliation, and is
 * answered 200, so the provider stops resending what would be refused forever.
 */
@Injectable()
export class ReceiveWebhook {
  private readonly deliveries: Counter<'outcome' | 'reason'>;
  private readonly refusals = new RefusalLog();

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(OUTBOX_WRITER) private readonly outbox: OutboxWriter,
    @Inject(TOPIC_NAMES) private readonly topics: TopicNames,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly config: PaymentConfig,
    @Inject(LOGGER) private readonly logger: JsonLogger,
    @Inject(METRICS) metrics: Registry,
  ) {
    this.deliveries = counterIn(
      metrics,
      'webhook_deliveries_total',
      'Payment webhook deliveries by outcome',
      ['outcome', 'reason'],
    );
  }

  async handle(delivery: WebhookDelivery): Promise<WebhookOutcome> {
    const now = this.clock.now();
    const refusal = verifyWebhook(
      this.config.PAYMENT_WEBHOOK_SECRET,
      { ...delivery, body: delivery.rawBody },
      now,
      this.config.WEBHOOK_TOLERANCE_SECONDS,
    );
    if (refusal) {
      // The reason goes to metrics and, a line per interval, to the log (never the secret or the
      // body); the caller learns only that it was refused, which tells a forger nothing.
      this.deliveries.inc({ outcome: 'refused', reason: refusal });
      const refusals = this.refusals.take(now.getTime());
      if (refusals !== null)
        this.logger.event('warn', 'webhook refused', {
          reason: refusal,
          webhookId: shownWebhookId(delivery.id),
          refusals,
        });
      throw new DomainError('unauthorized', 'The webhook signature does not verify.');
    }
    const outcome = await this.record(delivery, now);
    this.deliveries.inc({ outcome, reason: '' });
    return outcome;
  }

  private async record(delivery: WebhookDelivery, now: Date): Promise<WebhookOutcome> {
    const envelope = webhookEnvelopeSchema.safeParse(delivery.body);
    const type = envelope.success ? envelope.data.type : 'unknown';
    const parsed =
      envelope.success && type === 'payment.succeeded'
        ? paymentSucceededSchema.safeParse(envelope.data.data)
        : null;
    const problem = !envelope.success
      ? describeIssues(envelope.error.issues)
      : parsed && !parsed.success
        ? describeIssues(parsed.error.issues)
        : null;
    const webhookId = delivery.id!;

    return withTransaction(this.pool, async (tx) => {
      const first = await tx.query(
        `INSERT INTO webhook_delivery (webhook_id, event_type, payload, received_at, problem)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (webhook_id) DO NOTHING`,
        [webhookId, type, delivery.rawBody, now, problem],
      );
      if (first.rowCount === 0) return 'duplicate';
      if (problem !== null) {
        this.logger.event('error', 'webhook delivery cannot be applied; kept for reconciliation', {
          webhookId,
          type,
          problem,
        });
        return 'unprocessable';
      }
      if (!parsed?.success) return 'ignored';
      const payment = { ...parsed.data, paidAt: formatUtc(paidAt(parsed.data, now)) };
      const inserted = await tx.query(
        `INSERT INTO payment (txn_id, booking_id, amount, currency, webhook_id, received_at, paid_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (txn_id) DO NOTHING`,
        [payment.txnId, payment.bookingId, payment.amount, payment.currency, webhookId, now, payment.paidAt],
      );
      if (inserted.rowCount === 0) return 'duplicate';
      await this.outbox.write(tx, {
        topic: this.topics.payment,
        type: 'payment.succeeded',
        subject: payment.bookingId,
        data: payment,
      });
      return 'recorded';
    });
  }
}

/** The provider's word for when it took the money, never later than we heard of it. */
function paidAt(payment: PaymentSucceeded, receivedAt: Date): Date {
  if (payment.paidAt === undefined) return receivedAt;
  return new Date(Math.min(Date.parse(payment.paidAt), receivedAt.getTime()));
}

function describeIssues(issues: readonly { path: PropertyKey[]; message: string }[]): string {
  return issues.map((issue) => `/${issue.path.map(String).join('/')}: ${issue.message}`).join('; ');
}
