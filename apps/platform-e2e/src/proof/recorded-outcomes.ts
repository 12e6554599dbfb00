import type { Pool } from 'pg';
import { holdsAsAnswered } from './recorded-holds';
import type { LoadRecord, RecordedReschedule } from './recording-load';

/**
 * What the providers' books say: each payment taken, each refund made, each email received (by
 * its Message-ID).
 */
export interface ProviderBooks {
  captures: readonly { txnId: string; bookingId: string; amount: number }[];
  refunds: readonly { payment: string; amount: number }[];
  emails: readonly { messageId: string }[];
}

type Database = (service: 'booking' | 'payment' | 'refund' | 'notification') => Pool;

/**
 * What the load was told against what is stored: every hold as answered, every move where its
 * answer put it, every acknowledged cancel made, every payment taken at the provider recorded
 * once, exactly one refund, of the whole amount, for each payment of a cancelled booking
 * (cancelled a week or more ahead) and none for the others, and each (booking, kind) of message
 * received by the mail provider at most once.
 */
export async function outcomesAsAnswered(
  record: LoadRecord,
  database: Database,
  provider: ProviderBooks,
): Promise<string[]> {
  const found = [
    ...(await holdsAsAnswered(record.holds, database('booking'))),
    ...(await reschedulesAsAnswered(record.reschedules, database('booking'))),
    ...(await emailsOncePerKind(provider.emails, database('notification'))),
    ...(await capturesSettled(provider, database('booking'))),
  ];
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

/**
 * Every payment the provider took ended somewhere: in the booking it confirmed (its
 * `paymentTxnId`), or refunded in full. Neither is money taken for nothing, which a lost
 * `payment.succeeded` leaves.
 */
export async function capturesSettled(
  provider: Pick<ProviderBooks, 'captures' | 'refunds'>,
  bookingDatabase: Pool,
): Promise<string[]> {
  const { rows } = await bookingDatabase.query<{ payment_txn_id: string }>(
    `SELECT payment_txn_id FROM booking WHERE payment_txn_id = ANY($1)`,
    [provider.captures.map((capture) => capture.txnId)],
  );
  const confirmedWith = new Set(rows.map((row) => row.payment_txn_id));
  const refunded = new Map<string, number>();
  for (const refund of provider.refunds)
    refunded.set(refund.payment, (refunded.get(refund.payment) ?? 0) + refund.amount);
  return provider.captures
    .filter((capture) => !confirmedWith.has(capture.txnId) && refunded.get(capture.txnId) !== capture.amount)
    .map(
      (capture) =>
        `payment ${capture.txnId} of ${capture.bookingId}: ${capture.amount} taken, confirmed nothing, refunded ${refunded.get(capture.txnId) ?? 0}`,
    );
}

/**
 * A move answered 200 left the booking on its new day; one refused (409 slot_unavailable, say)
 * left it on its old. A 409 after a retry may answer a move the unanswered attempt made: either.
 */
export async function reschedulesAsAnswered(
  reschedules: readonly RecordedReschedule[],
  bookingDatabase: Pool,
): Promise<string[]> {
  const { rows } = await bookingDatabase.query<{ booking_id: string; start: Date; end: Date }>(
    `SELECT booking_id::text, lower(period) AS start, upper(period) AS "end" FROM booking WHERE booking_id = ANY($1)`,
    [reschedules.map((move) => move.bookingId)],
  );
  const stored = new Map(
    rows.map((row) => [row.booking_id, `${row.start.toISOString()}/${row.end.toISOString()}`]),
  );
  const found: string[] = [];
  for (const move of reschedules) {
    const at = (period: { start: string; end: string }) =>
      `${new Date(period.start).toISOString()}/${new Date(period.end).toISOString()}`;
    const expected =
      move.status === 200 ? [at(move.to)] : move.retried ? [at(move.to), at(move.from)] : [at(move.from)];
    const now = stored.get(move.bookingId);
    if (!now || !expected.includes(now))
      found.push(
        `booking ${move.bookingId} moved (answered ${move.status}) is at ${now ?? 'nothing'}, not ${expected.join(' or ')}`,
      );
  }
  return found;
}

/**
 * Counted where the customer sees them: the mail provider's inbox, each email named by the
 * notification it came from (its Message-ID). Two for one (booking, kind) is a message sent twice.
 */
export async function emailsOncePerKind(
  emails: readonly { messageId: string }[],
  notificationDatabase: Pool,
): Promise<string[]> {
  const notificationOf = (messageId: string) =>
    /^<([0-9a-f-]{36})@notification\.booking>$/.exec(messageId)?.[1];
  const ids = emails.map((email) => notificationOf(email.messageId)).filter((id) => id !== undefined);
  const { rows } = await notificationDatabase.query<{
    notification_id: string;
    booking_id: string;
    kind: string;
  }>(
    `SELECT notification_id::text, booking_id, kind FROM notification WHERE notification_id = ANY($1::uuid[])`,
    [[...new Set(ids)]],
  );
  const kindOf = new Map(
    rows.map((row) => [row.notification_id, `${row.kind} of booking ${row.booking_id}`]),
  );
  const received = new Map<string, number>();
  const found: string[] = [];
  for (const { messageId } of emails) {
    const kind = kindOf.get(notificationOf(messageId) ?? '');
    if (!kind) found.push(`an email the platform has no notification for (Message-ID ${messageId})`);
    else received.set(kind, (received.get(kind) ?? 0) + 1);
  }
  for (const [kind, times] of received) if (times > 1) found.push(`${times} emails received for the ${kind}`);
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
