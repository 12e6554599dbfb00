import { EVENT_TOPIC, type EventType, type TopicNames } from '@booking/contracts';
import type { OutboxEvent } from '@booking/outbox';
import { formatUtc } from '@booking/time';
import type { Booking } from '../domain/booking';
import { bookingTimes, calendarSequence } from '../domain/booking-times';

/** What every booking.* event carries: enough for consumers never to call back. */
export function bookingSnapshot(booking: Booking): Record<string, unknown> {
  return {
    bookingId: booking.bookingId,
    resourceId: booking.resourceId,
    customerId: booking.customerId,
    status: booking.status,
    ...bookingTimes(booking),
    holdExpiresAt: booking.holdExpiresAt === null ? null : formatUtc(booking.holdExpiresAt),
    depositAmount: booking.depositAmount,
    paidAmount: booking.paidAmount,
    paymentTxnId: booking.paymentTxnId,
    currency: booking.currency,
    seriesId: booking.seriesId,
    recurrenceId: booking.recurrenceId === null ? null : formatUtc(booking.recurrenceId),
    contact: booking.contact,
    version: booking.version,
    calendarSequence: calendarSequence(booking),
  };
}

/** An event about one booking, keyed by its id, on the topic the contract names for its type. */
export function bookingEvent(
  topics: TopicNames,
  type: Extract<EventType, `booking.${string}` | 'refund.requested'>,
  booking: Booking,
  extra: Record<string, unknown> = {},
): OutboxEvent {
  const topicKey = EVENT_TOPIC[type] === 'booking.v1' ? 'booking' : 'payment';
  return {
    topic: topics[topicKey],
    type,
    subject: booking.bookingId,
    data:
      type === 'refund.requested'
        ? { bookingId: booking.bookingId, ...extra }
        : { ...bookingSnapshot(booking), ...extra },
  };
}
