/**
 * How one send went. `retryable`: nothing was delivered and a later try may succeed.
 * `rejected`: the provider refused for good, or it is unknown whether it delivered, so sending
 * again could deliver twice.
 */
export type DeliveryOutcome = { outcome: 'sent' } | { outcome: 'retryable' | 'rejected'; reason: string };

import type { CalendarPart } from '../../domain/invitation';

export interface OutgoingMessage {
  /** Unique per message and stable across retries: the mail's Message-ID, the SMS request's idempotency key. */
  id: string;
  to: string;
  subject: string | null;
  text: string;
  /** A calendar invitation or cancellation, for email. */
  calendar?: CalendarPart | null;
}
