import type { Pool } from 'pg';
import { holdsAsAnswered } from './recorded-holds';
import type { LoadRecord } from './recording-load';

/** What the provider's books say: each payment taken, each refund made. */
export interface ProviderBooks {
  refunds: readonly { payment: string; amount: number }[];
}

/**
 * What the load was told against what is stored: every hold as answered, every acknowledged
 * cancel made, every payment taken at the provider recorded once, and exactly one refund, of the
 * whole amount, for each payment of a cancelled booking (cancelled a week or more ahead) and none
 * for the others.
 */
export async function outcomesAsAnswered(
  record: LoadRecord,
  database: (service: 'booking' | 'payment' | 'refund') => Pool,
  provider: ProviderBooks,
): Promise<string[]> {
  const found = await holdsAsAnswered(record.holds, database('booking'));
  if (record.unanswered > 0) found.push(`${record.unanswered} requests never answered within their retries`);

  const cancelled = new Set(record.cancels.map((cancel) => cancel.bookingId));
  const { rows: notCancelled } = await database('booking').query<{ booking_id: string; status: string }>(
    `SELECT booking_id::text, status FROM booking WHERE booking_id = ANY($1) AND status <> 'CANCELLED'`,
    [[...cancelled]],
  );
  for (const row of notCancelled) found.push(`booking ${row.booking_id} was cancelled and is ${row.status}`);

  const { rows: payments } = await database('payment').query<{ txn_id: string; n: number }>(
    `SELECT txn_id, count(*)::int AS n FROM payment WHERE txn_id = ANY($1) GROUP BY txn_id`,
    [record.payments.map((payment) => payment.txnId)],
  );
  const recorded = new Map(payments.map((row) => [row.txn_id, row.n]));
  for (const payment of record.payments) {
    const times = recorded.get(payment.txnId) ?? 0;
    if (times !== 1) found.push(`payment ${payment.txnId} of ${payment.bookingId} recorded ${times} times`);
  }

  const refundsOf = new Map<string, number[]>();
  for (const refund of provider.refunds)
    refundsOf.set(refund.payment, [...(refundsOf.get(refund.payment) ?? []), refund.amount]);
  const wrongRefunds = record.payments.filter((payment) => {
    const refunds = refundsOf.get(payment.txnId) ?? [];
    return refunds.join() !== (cancelled.has(payment.bookingId) ? [payment.amount] : []).join();
  });
  for (const payment of wrongRefunds) {
    const refunds = refundsOf.get(payment.txnId) ?? [];
    const kind = cancelled.has(payment.bookingId) ? 'a cancelled' : 'a kept';
    found.push(
      `payment ${payment.txnId} of ${kind} booking: ${refunds.length} refunds (${refunds.join(', ')}); ${await story(database, payment.bookingId)}`,
    );
  }
  return found;
}

/** What the platform recorded of a booking, to tell why its money moved as it did. */
async function story(database: (service: 'booking' | 'refund') => Pool, bookingId: string): Promise<string> {
  const [{ rows: booking }, { rows: refunds }] = await Promise.all([
    database('booking').query<{ status: string; paid_amount: string }>(
      'SELECT status, paid_amount::text FROM booking WHERE booking_id = $1',
      [bookingId],
    ),
    database('refund').query<{ reason: string; status: string }>(
      'SELECT reason, status FROM refund WHERE booking_id = $1',
      [bookingId],
    ),
  ]);
  const refundText = refunds.map((refund) => `${refund.reason} (${refund.status})`).join(', ') || 'none';
  return `booking ${booking[0]?.status ?? 'missing'}, paid ${booking[0]?.paid_amount ?? '-'}, refunds recorded: ${refundText}`;
}
