import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { TransactionClient } from '@booking/db';
import type { Refund, RefundOrder } from '../domain/refund';
import { RefundRepository } from '../application/ports/refund.repository';

interface RefundRow {
  refund_id: string;
  booking_id: string;
  txn_id: string;
  amount: string;
  currency: string;
  reason: string;
  status: Refund['status'];
  attempts: number;
}

const toRefund = (row: RefundRow): Refund => ({
  refundId: row.refund_id,
  bookingId: row.booking_id,
  txnId: row.txn_id,
  amount: Number(row.amount),
  currency: row.currency.trim(),
  reason: row.reason,
  status: row.status,
  attempts: row.attempts,
});

const COLUMNS = 'refund_id, booking_id, txn_id, amount, currency, reason, status, attempts';

@Injectable()
export class PgRefundRepository implements RefundRepository {
  /** A new pending refund, due now; nothing when this payment has one already. */
  async insertOnce(tx: TransactionClient, order: RefundOrder, now: Date): Promise<boolean> {
    const result = await tx.query(
      `INSERT INTO refund (refund_id, booking_id, txn_id, amount, currency, reason, status, next_attempt_at,
         created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $7, $7)
       ON CONFLICT ON CONSTRAINT refund_one_per_payment DO NOTHING`,
      [randomUUID(), order.bookingId, order.txnId, order.amount, order.currency, order.reason, now],
    );
    return result.rowCount === 1;
  }

  /**
   * Due refunds, each leased until `leaseUntil` and counted as one more attempt. A caller that
   * dies mid-call leaves the lease to run out; the retry reuses the idempotency key.
   */
  async claimDue(tx: TransactionClient, now: Date, leaseUntil: Date, limit: number): Promise<Refund[]> {
    const { rows } = await tx.query<RefundRow>(
      `UPDATE refund SET attempts = attempts + 1, next_attempt_at = $2, updated_at = $1
        WHERE refund_id IN (
          SELECT refund_id FROM refund
           WHERE status = 'pending' AND next_attempt_at <= $1
           ORDER BY next_attempt_at LIMIT $3
           FOR UPDATE SKIP LOCKED)
        RETURNING ${COLUMNS}`,
      [now, leaseUntil, limit],
    );
    return rows.map(toRefund);
  }

  /** Ends a pending refund; false when it had ended already (another instance got there first). */
  async finish(
    tx: TransactionClient,
    refundId: string,
    outcome: { status: 'succeeded'; providerRefundId: string } | { status: 'failed'; error: string },
    now: Date,
  ): Promise<boolean> {
    const result = await tx.query(
      `UPDATE refund SET status = $2, provider_refund_id = $3, last_error = $4, updated_at = $5
        WHERE refund_id = $1 AND status = 'pending'`,
      [
        refundId,
        outcome.status,
        outcome.status === 'succeeded' ? outcome.providerRefundId : null,
        outcome.status === 'failed' ? outcome.error : null,
        now,
      ],
    );
    return result.rowCount === 1;
  }

  async scheduleRetry(
    tx: TransactionClient,
    refundId: string,
    at: Date,
    error: string,
    now: Date,
  ): Promise<void> {
    await tx.query(
      `UPDATE refund SET next_attempt_at = $2, last_error = $3, updated_at = $4
        WHERE refund_id = $1 AND status = 'pending'`,
      [refundId, at, error, now],
    );
  }
}
