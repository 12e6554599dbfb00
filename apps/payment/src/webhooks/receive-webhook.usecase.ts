import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  DomainError,
  paymentSucceededSchema,
  webhookEnvelopeSchema,
  type TopicNames,
} from '@booking/contracts';
import { withTransaction } from '@booking/db';
import { CLOCK, OUTBOX_WRITER, PG_POOL, SERVICE_CONFIG, TOPIC_NAMES, validate } from '@booking/nest-kit';
import type { OutboxWriter } from '@booking/outbox';
import { verifyWebhook } from '@booking/payment-provider';
import type { Clock } from '@booking/time';
import type { PaymentConfig } from '../payment-config';

export interface WebhookDelivery {
  id: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
  rawBody: string;
  body: unknown;
}

export type WebhookOutcome = 'recorded' | 'duplicate' | 'ignored';

/**
 * A provider's delivery, verified before anything is read from it. `payment.succeeded` becomes one
 * `payment` row (the transaction id is its key) and one event in the same transaction: repeats,
 * concurrent copies and other webhook-ids for the same transaction all find the row and add nothing.
 */
@Injectable()
export class ReceiveWebhook {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(OUTBOX_WRITER) private readonly outbox: OutboxWriter,
    @Inject(TOPIC_NAMES) private readonly topics: TopicNames,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly config: PaymentConfig,
  ) {}

  async handle(delivery: WebhookDelivery): Promise<WebhookOutcome> {
    const now = this.clock.now();
    const refusal = verifyWebhook(
      this.config.PAYMENT_WEBHOOK_SECRET,
      { ...delivery, body: delivery.rawBody },
      now,
      this.config.WEBHOOK_TOLERANCE_SECONDS,
    );
    if (refusal)
      throw new DomainError('unauthorized', 'The webhook signature does not verify.', { reason: refusal });
    const envelope = validate(webhookEnvelopeSchema, delivery.body);
    const payment =
      envelope.type === 'payment.succeeded' ? validate(paymentSucceededSchema, envelope.data) : null;
    const webhookId = delivery.id!;

    return withTransaction(this.pool, async (tx) => {
      const first = await tx.query(
        `INSERT INTO webhook_delivery (webhook_id, event_type, payload, received_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (webhook_id) DO NOTHING`,
        [webhookId, envelope.type, delivery.rawBody, now],
      );
      if (first.rowCount === 0) return 'duplicate';
      if (!payment) return 'ignored';
      const inserted = await tx.query(
        `INSERT INTO payment (txn_id, booking_id, amount, currency, webhook_id, received_at)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (txn_id) DO NOTHING`,
        [payment.txnId, payment.bookingId, payment.amount, payment.currency, webhookId, now],
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
