import { z } from 'zod';
import type { CloudEvent } from './cloud-event';
import type { EventType } from './events';
import { BOOKING_STATUS_VALUES, contactSchema } from './http/booking';
import { rfc3339Instant } from './http/common';
import { notificationViewSchema } from './http/notification';
import { paymentSucceededSchema } from './http/payment';

// The `data` of every event type: what producers must write (checked when an event is written)
// and what consumers may rely on (parsed before a handler sees it). Adding a field is compatible.

const id = z.string().min(1);
const amount = z.number().int().min(0);
const currency = z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code');
const wallClock = z.string().describe("wall-clock time in the booking's zone, YYYY-MM-DDTHH:mm:ss");

/** Every booking.* event carries the booking as it is after the change: consumers never call back. */
export const bookingSnapshotData = z.object({
  bookingId: id,
  resourceId: id,
  customerId: id,
  status: z.enum(BOOKING_STATUS_VALUES),
  start: rfc3339Instant,
  end: rfc3339Instant,
  startLocal: wallClock,
  endLocal: wallClock,
  timeZone: z.string().describe('IANA time zone of the resource'),
  blockedStart: rfc3339Instant.describe('start less the buffer before'),
  blockedEnd: rfc3339Instant.describe('end plus the buffer after'),
  holdExpiresAt: rfc3339Instant.nullable(),
  depositAmount: amount,
  paidAmount: amount,
  paymentTxnId: z.string().nullable(),
  currency,
  seriesId: z.string().nullable(),
  recurrenceId: rfc3339Instant
    .nullable()
    .describe("a series occurrence's original start (RECURRENCE-ID): it stays when the occurrence moves"),
  contact: contactSchema.nullable(),
  version: z
    .number()
    .int()
    .min(1)
    .describe('grows with every change of the booking: a state with a lower version is older'),
  calendarSequence: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe(
      'the RFC 5545 SEQUENCE of its calendar event: moves plus one once cancelled (absent in events from before it was added)',
    ),
});

const refundMoney = { bookingId: id, txnId: id, amount, currency };

export const EVENT_DATA = {
  'booking.held': bookingSnapshotData,
  'booking.confirmed': bookingSnapshotData,
  'booking.expired': bookingSnapshotData,
  'booking.cancelled': bookingSnapshotData.extend({
    refundAmount: amount,
    refundPercent: z.number().min(0).max(100),
    cancelledBy: z.string(),
    reason: z.string().nullable(),
    scope: z
      .enum(['booking', 'series'])
      .optional()
      .describe('series: cancelled with its whole series, which series.changed announces (absent: booking)'),
  }),
  'booking.rescheduled': bookingSnapshotData.extend({
    previousStart: rfc3339Instant,
    previousEnd: rfc3339Instant,
  }),
  'booking.checked_in': bookingSnapshotData,
  'booking.completed': bookingSnapshotData,
  'booking.no_show': bookingSnapshotData,
  'refund.requested': z.object({ ...refundMoney, reason: z.string() }),
  'payment.succeeded': paymentSucceededSchema,
  'refund.succeeded': z.object({ ...refundMoney, refundId: id }),
  'refund.failed': z.object({
    ...refundMoney,
    refundId: id,
    reason: z.string(),
    attempts: z.number().int().min(1),
  }),
  'notification.sent': z.object({
    bookingId: id,
    kind: notificationViewSchema.shape.kind,
    channel: notificationViewSchema.shape.channel,
    scheduledFor: rfc3339Instant,
    sentAt: rfc3339Instant,
  }),
  'series.occurrence_conflict': z.object({
    seriesId: id,
    resourceId: id,
    customerId: id,
    recurrenceId: rfc3339Instant.describe("the occurrence's original start; it never changes"),
    start: rfc3339Instant,
    end: rfc3339Instant,
    reason: z.string().describe('the refusal code, such as slot_unavailable'),
  }),
  'series.changed': z.object({
    seriesId: id,
    resourceId: id,
    customerId: id,
    status: z.enum(['ACTIVE', 'ENDED', 'CANCELLED']).describe('ENDED: every occurrence is held or recorded'),
    rrule: z.string().describe('RFC 5545 RRULE over wall times in timeZone, without DTSTART'),
    timeZone: z.string().describe('IANA time zone of the resource'),
    startLocal: wallClock.describe("the first occurrence's start (DTSTART), wall time in timeZone"),
    endLocal: wallClock,
    cancelledRecurrences: z.array(rfc3339Instant).describe('occurrences cancelled before they were held'),
    conflictRecurrences: z.array(rfc3339Instant).describe('occurrences that could not be held when due'),
    onMissingDay: z
      .enum(['clamp', 'skip'])
      .optional()
      .describe('a day the month lacks: clamped to its last day or skipped (absent in older events: clamp)'),
    onNonexistent: z
      .enum(['reject', 'skip', 'shiftForward'])
      .optional()
      .describe('a start in a DST gap: not held, skipped or moved forward (absent in older events: reject)'),
    disambiguation: z
      .enum(['earlier', 'later'])
      .optional()
      .describe('which instant a repeated wall time names (absent in older events: earlier)'),
    version: z.number().int().min(1).describe('grows with every change of the series'),
  }),
} satisfies Record<EventType, z.ZodObject>;

export type EventData<T extends EventType> = z.infer<(typeof EVENT_DATA)[T]>;

/** An event of a type this contract knows, its data parsed. */
export type KnownEvent = { [T in EventType]: CloudEvent<T, EventData<T>> }[EventType];

export type BookingEvent = Extract<KnownEvent, { type: `booking.${string}` }>;

export const BOOKING_EVENT_TYPES = (Object.keys(EVENT_DATA) as EventType[]).filter((type) =>
  type.startsWith('booking.'),
);

export function isBookingEvent(event: KnownEvent): event is BookingEvent {
  return event.type.startsWith('booking.');
}

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(EVENT_DATA, type);
}

export type ParsedEvent =
  | { outcome: 'known'; event: KnownEvent }
  | { outcome: 'unknown_type' }
  | { outcome: 'invalid'; error: string };

/** Parse, don't cast: a consumed event of a known type whose data matches its schema, or why not. */
export function parseKnownEvent(event: CloudEvent): ParsedEvent {
  if (!isEventType(event.type)) return { outcome: 'unknown_type' };
  const parsed = EVENT_DATA[event.type].safeParse(event.data);
  if (!parsed.success) return { outcome: 'invalid', error: z.prettifyError(parsed.error) };
  return { outcome: 'known', event: { ...event, data: parsed.data } as KnownEvent };
}

const STRICT_EVENT_DATA = new Map<string, z.ZodObject>(
  Object.entries(EVENT_DATA).map(([type, schema]) => [type, (schema as z.ZodObject).strict()]),
);

/**
 * The check a producer's event must pass before it is written: its type is in the contract and
 * its data has exactly the fields the schema names, so an undocumented field is a failing test.
 */
export function assertEventData(type: string, data: unknown): void {
  const schema = STRICT_EVENT_DATA.get(type);
  if (!schema) throw new Error(`event type ${type} is not in the contract`);
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new Error(`${type} does not match its schema: ${z.prettifyError(parsed.error)}`);
}
