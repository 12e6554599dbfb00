import { z } from 'zod';
import { rfc3339Instant } from './common';

// The payment provider's webhook body (docs/api.md, "The payment provider's webhook").

/** The envelope every provider event shares; its `data` is read only for the types we act on. */
export const webhookEnvelopeSchema = z.object({ type: z.string().min(1).max(200), data: z.unknown() });

export const paymentSucceededSchema = z.object({
  txnId: z.string().min(1).max(255),
  bookingId: z.string().min(1).max(200),
  amount: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  currency: z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code'),
  /** When the provider took the money; a hold is judged by it, not by when the event arrives. */
  paidAt: rfc3339Instant.optional(),
});

export type PaymentSucceeded = z.infer<typeof paymentSucceededSchema>;

/** A hold's `paymentUrl` carries the booking service's signature of the booking id, nothing else. */
export const paymentLinkQuery = z
  .object({ signature: z.string().regex(/^[\w-]{43}$/, 'a payment link signature') })
  .strict();

/**
 * What a live hold is paid with: the booking service's answer to the gateway, and the query the
 * gateway sends the payment service (hence the coercion).
 */
export const checkoutQuery = z.object({
  amount: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  currency: z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code'),
});

export type CheckoutCharge = z.infer<typeof checkoutQuery>;

/** The answer to a verified delivery: always 200, so the provider stops resending it. */
export const webhookReceivedSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(['recorded', 'duplicate', 'ignored', 'unprocessable']),
});
