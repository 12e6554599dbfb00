import type { Pool } from 'pg';
import type { Client, Json } from '../fixtures';

/** A hold as the load sent it and as the platform answered it. */
export interface RecordedHold {
  customerId: string;
  resourceId: string;
  sentAt: number;
  answeredAt: number;
  status: number;
  /** The booking a 201 named. */
  bookingId?: string;
}

/** Sends a hold as `client` and records it; the response can still be read. */
export async function recordHold(records: RecordedHold[], client: Client, body: Json): Promise<Response> {
  const sentAt = Date.now();
  const response = await client.hold(body);
  const answer = response.status === 201 ? ((await response.clone().json()) as Json) : undefined;
  records.push({
    customerId: client.userId,
    resourceId: body['resourceId'] as string,
    sentAt,
    answeredAt: Date.now(),
    status: response.status,
    ...(answer ? { bookingId: answer['bookingId'] as string } : {}),
  });
  return response;
}

/**
 * Every acknowledged hold exists, for the customer and resource it was answered for, and a
 * refused one left no booking behind: the recorded customers' bookings are exactly the 201s.
 */
export async function holdsAsAnswered(
  records: readonly RecordedHold[],
  bookingDatabase: Pool,
): Promise<string[]> {
  const pairOf = (customerId: string, resourceId: string) => `${customerId} on ${resourceId}`;
  const acknowledged = new Map<string, string>();
  for (const record of records) {
    if (record.bookingId) acknowledged.set(record.bookingId, pairOf(record.customerId, record.resourceId));
  }
  const { rows } = await bookingDatabase.query<{
    booking_id: string;
    customer_id: string;
    resource_id: string;
  }>(`SELECT booking_id::text, customer_id, resource_id::text FROM booking WHERE customer_id = ANY($1)`, [
    [...new Set(records.map((record) => record.customerId))],
  ]);
  const stored = new Map(rows.map((row) => [row.booking_id, pairOf(row.customer_id, row.resource_id)]));
  const found: string[] = [];
  for (const [bookingId, pair] of acknowledged) {
    if (stored.get(bookingId) !== pair)
      found.push(`hold ${bookingId} for ${pair} was answered 201 and is not stored`);
  }
  for (const [bookingId, pair] of stored) {
    if (acknowledged.get(bookingId) !== pair)
      found.push(`booking ${bookingId} for ${pair} was never answered 201`);
  }
  return found;
}
