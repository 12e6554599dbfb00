/**
 * What the platform needs from a payment provider, and nothing provider-specific: the payment
 * service creates checkout links and verifies webhooks, the refund service refunds. A new
 * provider (Stripe: Checkout Sessions, Refunds with `Idempotency-Key`, its own webhook
 * signature) is one more class implementing this, chosen by `PAYMENT_PROVIDER`.
 */
export interface PaymentProvider {
  readonly name: string;
  /** Where the customer pays `amount` (minor units) for one booking. */
  createCheckout(charge: CheckoutRequest): Promise<{ url: string }>;
  /**
   * Refunds part or all of one payment. The idempotency key makes a retry after a lost answer
   * return the first refund instead of making a second.
   */
  refund(request: RefundRequest): Promise<RefundResult>;
}

export interface CheckoutRequest {
  bookingId: string;
  amount: number;
  currency: string;
  /** Where the provider sends the customer back after paying (Stripe's `success_url`). */
  returnUrl?: string;
}

export interface RefundRequest {
  txnId: string;
  amount: number;
  currency: string;
  idempotencyKey: string;
}

export type RefundResult =
  | { outcome: 'succeeded'; refundId: string }
  /** Worth trying again: the provider failed, timed out, or could not be reached. */
  | { outcome: 'retryable'; reason: string }
  /** Trying again cannot help: the provider refused the request itself. */
  | { outcome: 'rejected'; reason: string };

/** The injection token under which a service is given its provider. */
export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');
