import type { TransactionClient } from '@booking/db';
import type { Refund, RefundOrder } from '../../domain/refund';

/** A port of the use cases; `PgRefundRepository` implements it with PostgreSQL. */
export abstract class RefundRepository {
  /** A new pending refund, due now; nothing when this payment has one already. */
  abstract insertOnce(tx: TransactionClient, order: RefundOrder, now: Date): Promise<boolean>;
  /**
   * Due refunds, each leased until `leaseUntil` and counted as one more attempt. A caller that
   * dies mid-call leaves the lease to run out; the retry reuses the idempotency key.
   */
  abstract claimDue(tx: TransactionClient, now: Date, leaseUntil: Date, limit: number): Promise<Refund[]>;
  /** Ends a pending refund; false when it had ended already (another instance got there first). */
  abstract finish(
    tx: TransactionClient,
    refundId: string,
    outcome: { status: 'succeeded'; providerRefundId: string } | { status: 'failed'; error: string },
    now: Date,
  ): Promise<boolean>;
  abstract scheduleRetry(
    tx: TransactionClient,
    refundId: string,
    at: Date,
    error: string,
    now: Date,
  ): Promise<void>;
}
