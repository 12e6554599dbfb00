import { z } from 'zod';
import { dateTimeText, isoDate, opaqueId, pageQuery, rfc3339Instant, timeZoneName } from './common';

/** A moment as the API allows (docs/api.md, Conventions): RFC 3339 with Z or an offset, or a bare wall time. */
const momentInput = dateTimeText(
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})?$/i,
  'must be RFC 3339 (2026-01-25T08:00:00+07:00 or …Z) or a wall time (2026-01-25T08:00:00) with timeZone',
);

export const disambiguationSchema = z.enum(['earlier', 'later']);

export const contactSchema = z
  .object({
    email: z.string().email().max(254).optional(),
    phone: z
      .string()
      .regex(/^\+[1-9]\d{6,14}$/, 'must be E.164, such as +84901234567')
      .optional(),
    timeZone: timeZoneName.optional(),
    locale: z
      .string()
      .regex(/^[a-zA-Z]{2,3}(?:-[a-zA-Z0-9]{2,8})*$/, 'must be a BCP 47 tag such as vi-VN')
      .optional(),
  })
  .strict();

export const createBookingSchema = z
  .object({
    resourceId: opaqueId,
    start: momentInput,
    end: momentInput,
    timeZone: timeZoneName.nullable().optional(),
    disambiguation: disambiguationSchema.nullable().optional(),
    rrule: z.string().max(1_000).nullable().optional(),
    onNonexistent: z.enum(['reject', 'skip', 'shiftForward']).nullable().optional(),
    onMissingDay: z.enum(['clamp', 'skip']).nullable().optional(),
    contact: contactSchema.nullable().optional(),
  })
  .strict();

/** `GET /resources/{id}/slots`: days in the viewer's zone, both included. */
export const slotsQuery = z
  .object({
    from: isoDate,
    to: isoDate,
    durationMinutes: z.coerce.number().int().min(5).max(1_440),
    timeZone: timeZoneName.optional(),
  })
  .strict();

export type SlotsQuery = z.infer<typeof slotsQuery>;

export const slotViewSchema = z.object({
  start: z.string(),
  end: z.string(),
  startLocal: z.string(),
  endLocal: z.string(),
});

export const rescheduleBookingSchema = z
  .object({
    start: momentInput,
    /** Omitted: the booking keeps its exact duration, as calendar apps move an event. */
    end: momentInput.optional(),
    timeZone: timeZoneName.nullable().optional(),
    disambiguation: disambiguationSchema.nullable().optional(),
  })
  .strict();

export type RescheduleBookingRequest = z.infer<typeof rescheduleBookingSchema>;

export const cancelBookingSchema = z.object({ reason: z.string().max(1_000).optional() }).strict();

export const BOOKING_STATUS_VALUES = [
  'HOLD',
  'CONFIRMED',
  'IN_PROGRESS',
  'COMPLETED',
  'EXPIRED',
  'CANCELLED',
  'NO_SHOW',
] as const;

export const listBookingsQuery = pageQuery.extend({
  resourceId: opaqueId.optional(),
  status: z.enum(BOOKING_STATUS_VALUES).optional(),
  from: rfc3339Instant.optional(),
  to: rfc3339Instant.optional(),
});

export const availabilityQuery = pageQuery.extend({
  city: z.string().min(1).max(100),
  kind: z.string().min(1).max(50),
  from: rfc3339Instant,
  to: rfc3339Instant,
});

export type CreateBookingRequest = z.infer<typeof createBookingSchema>;
export type CancelBookingRequest = z.infer<typeof cancelBookingSchema>;
export type ListBookingsQuery = z.infer<typeof listBookingsQuery>;
export type AvailabilityQuery = z.infer<typeof availabilityQuery>;
export type Contact = z.infer<typeof contactSchema>;

export const bookingViewSchema = z.object({
  bookingId: z.string(),
  resourceId: z.string(),
  customerId: z.string(),
  status: z.enum(BOOKING_STATUS_VALUES),
  start: z.string(),
  end: z.string(),
  startLocal: z.string(),
  endLocal: z.string(),
  timeZone: z.string(),
  blockedStart: z.string(),
  blockedEnd: z.string(),
  holdExpiresAt: z.string().nullable(),
  paymentUrl: z.string().nullable(),
  depositAmount: z.number().int(),
  paidAmount: z.number().int(),
  currency: z.string(),
  refund: z
    .object({ amount: z.number().int(), status: z.enum(['requested', 'succeeded', 'failed']) })
    .nullable(),
  rescheduleCount: z.number().int(),
  seriesId: z.string().nullable(),
  recurrenceId: z.string().nullable(),
  warnings: z.array(z.object({ code: z.string(), detail: z.string() })),
  createdAt: z.string(),
});

export type BookingView = z.infer<typeof bookingViewSchema>;

export const cancelledBookingViewSchema = bookingViewSchema.extend({
  refundAmount: z.number().int(),
  refundPercent: z.number().int(),
});

/** `GET /bookings/{id}/cancellation`: what a cancel by the caller would give back now. */
export const cancellationQuoteViewSchema = z.object({
  refundAmount: z.number().int().describe('minor units of `currency`, rounded down'),
  refundPercent: z.number().int(),
  currency: z.string(),
  countsAsNoShow: z.boolean().describe("a customer's cancel this close to the start counts as a no-show"),
});
export type CancellationQuoteView = z.infer<typeof cancellationQuoteViewSchema>;
