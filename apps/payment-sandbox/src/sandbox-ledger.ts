import { randomUUID } from 'node:crypto';

export interface CheckoutSession {
  id: string;
  bookingId: string;
  amount: number;
  currency: string;
  returnUrl?: string;
  /** Set once paid: paying a session again charges nothing more. */
  txnId?: string;
}

export interface Payment {
  txnId: string;
  bookingId: string;
  amount: number;
  currency: string;
  /** When the money was taken, as the provider's own clock says. */
  paidAt: Date;
  refunded: number;
}

export interface Refund {
  id: string;
  payment: string;
  amount: number;
  currency: string;
  status: 'succeeded';
}

export type RefundAnswer =
  { status: 200; refund: Refund; replayed: boolean } | { status: 400 | 404; code: string; message: string };

const newId = (prefix: string) => `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 24)}`;

/**
 * The sandbox's books: sessions, payments and refunds, kept the way a provider keeps them. A
 * refund's idempotency key returns the first answer on every retry; the same key with another
 * request is refused, as Stripe does.
 */
export class SandboxLedger {
  private readonly sessions = new Map<string, CheckoutSession>();
  private readonly payments = new Map<string, Payment>();
  private readonly refundsByKey = new Map<string, { fingerprint: string; refund: Refund }>();
  readonly refunds: Refund[] = [];

  openSession(charge: Omit<CheckoutSession, 'id' | 'txnId'>): CheckoutSession {
    const session = { id: newId('cs'), ...charge };
    this.sessions.set(session.id, session);
    return session;
  }

  /** Every payment taken, in the order taken: money that must end in a booking or a refund. */
  captures(): Payment[] {
    return [...this.payments.values()];
  }

  /** How many checkouts have been opened: what a caller who should have been refused costs. */
  sessionCount(): number {
    return this.sessions.size;
  }

  session(id: string): CheckoutSession | undefined {
    return this.sessions.get(id);
  }

  /** Pays a session at `now`; the second call returns the first payment. */
  pay(session: CheckoutSession, now: Date): { payment: Payment; isNew: boolean } {
    if (session.txnId) return { payment: this.payments.get(session.txnId)!, isNew: false };
    const payment = {
      txnId: newId('pi'),
      bookingId: session.bookingId,
      amount: session.amount,
      currency: session.currency,
      paidAt: now,
      refunded: 0,
    };
    session.txnId = payment.txnId;
    this.payments.set(payment.txnId, payment);
    return { payment, isNew: true };
  }

  refund(key: string, request: { payment: string; amount: number; currency: string }): RefundAnswer {
    const fingerprint = `${request.payment}|${request.amount}|${request.currency}`;
    const earlier = this.refundsByKey.get(key);
    if (earlier) {
      if (earlier.fingerprint !== fingerprint)
        return {
          status: 400,
          code: 'idempotency_key_reused',
          message: 'This key was used with another request.',
        };
      return { status: 200, refund: earlier.refund, replayed: true };
    }
    const payment = this.payments.get(request.payment);
    if (!payment) return { status: 404, code: 'payment_not_found', message: 'No such payment.' };
    if (request.currency !== payment.currency)
      return {
        status: 400,
        code: 'currency_mismatch',
        message: 'The refund is not in the payment currency.',
      };
    if (request.amount > payment.amount - payment.refunded)
      return { status: 400, code: 'amount_too_large', message: 'More than is left to refund.' };
    payment.refunded += request.amount;
    const refund: Refund = { id: newId('re'), ...request, status: 'succeeded' };
    this.refunds.push(refund);
    this.refundsByKey.set(key, { fingerprint, refund });
    return { status: 200, refund, replayed: false };
  }
}
