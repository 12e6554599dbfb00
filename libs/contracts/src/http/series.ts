import { z } from 'zod';
import { BOOKING_STATUS_VALUES, bookingViewSchema } from './booking';
import { pageQuery, rfc3339Instant } from './common';

/** `GET /series/{id}/occurrences`: a window of starts, the series' whole span by default. */
export const seriesOccurrencesQuery = pageQuery.extend({
  from: rfc3339Instant.optional(),
  to: rfc3339Instant.optional(),
});

const wallClock = z.string().describe('Wall-clock time in the series’ zone, YYYY-MM-DDTHH:mm:ss');

/** An occurrence that could not be held when it came due, kept on the series. */
export const seriesConflictViewSchema = z.object({
  recurrenceId: z.string(),
  start: z.string(),
  end: z.string(),
  // Absent in a 409's list of the occurrences that are taken.
  reason: z.string().describe('Why it was not held: taken, in a DST gap, or refused by the rules').optional(),
});

export const seriesViewSchema = z.object({
  seriesId: z.string(),
  resourceId: z.string(),
  customerId: z.string(),
  rrule: z.string().describe('RFC 5545 RRULE, daily or coarser'),
  timeZone: z.string(),
  /** The first occurrence's wall-clock start and end, as the rule keeps them. */
  startLocal: wallClock,
  endLocal: wallClock,
  onMissingDay: z.enum(['clamp', 'skip']),
  onNonexistent: z.enum(['reject', 'skip', 'shiftForward']),
  disambiguation: z.enum(['earlier', 'later']),
  status: z.enum(['ACTIVE', 'ENDED', 'CANCELLED']),
  heldUntil: z.string(),
  conflicts: z
    .array(seriesConflictViewSchema)
    .describe('Occurrences that could not be held when they came due'),
  createdAt: z.string(),
});

export const OCCURRENCE_STATUS_VALUES = [...BOOKING_STATUS_VALUES, 'PLANNED', 'CONFLICT'] as const;

export const occurrenceViewSchema = z.object({
  recurrenceId: z.string().describe('The original start (RECURRENCE-ID); it never changes'),
  start: z.string(),
  end: z.string(),
  startLocal: wallClock,
  endLocal: wallClock,
  status: z.enum(OCCURRENCE_STATUS_VALUES),
  bookingId: z.string().nullable(),
});

export const createdSeriesViewSchema = z.object({
  seriesId: z.string(),
  rrule: z.string(),
  timeZone: z.string(),
  occurrences: z.array(bookingViewSchema).describe('Every occurrence within 180 days, held at once'),
});

export const cancelledSeriesViewSchema = seriesViewSchema.extend({
  cancelledOccurrences: z.number().int().min(0),
});

/** The answer for an occurrence cancelled before it was held: there is no booking to show. */
export const unheldOccurrenceCancelledSchema = z.object({
  recurrenceId: z.string(),
  status: z.literal('CANCELLED'),
});

export type SeriesView = z.infer<typeof seriesViewSchema>;
export type OccurrenceView = z.infer<typeof occurrenceViewSchema>;
export type CreatedSeriesView = z.infer<typeof createdSeriesViewSchema>;
