import { BOOKING_STATUS_VALUES } from '@booking/contracts';

// Response bodies the booking service builds from views without a zod schema of their own:
// written here once, in JSON Schema, and checked against real responses in openapi-responses.e2e-spec.

type JsonSchema = Record<string, unknown>;

const instant = { type: 'string', format: 'date-time' };
const wallClock = { type: 'string', description: 'Wall-clock time in the series’ zone, YYYY-MM-DDTHH:mm:ss' };

export const SERIES_CONFLICT_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['recurrenceId', 'start', 'end'],
  properties: { recurrenceId: instant, start: instant, end: instant, reason: { type: 'string' } },
};

export const SERIES_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['seriesId', 'resourceId', 'customerId', 'rrule', 'timeZone', 'startLocal', 'endLocal', 'status'],
  properties: {
    seriesId: { type: 'string' },
    resourceId: { type: 'string' },
    customerId: { type: 'string' },
    rrule: { type: 'string', description: 'RFC 5545 RRULE, daily or coarser' },
    timeZone: { type: 'string' },
    startLocal: wallClock,
    endLocal: wallClock,
    onMissingDay: { type: 'string', enum: ['clamp', 'skip'] },
    onNonexistent: { type: 'string', enum: ['reject', 'skip', 'shiftForward'] },
    disambiguation: { type: 'string', enum: ['earlier', 'later'] },
    status: { type: 'string' },
    heldUntil: instant,
    conflicts: {
      type: 'array',
      description: 'Occurrences that could not be held when they came due',
      items: { $ref: '#/components/schemas/SeriesConflict' },
    },
    createdAt: instant,
  },
};

export const OCCURRENCE_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['recurrenceId', 'start', 'end', 'startLocal', 'endLocal', 'status', 'bookingId'],
  properties: {
    recurrenceId: { ...instant, description: 'The original start (RECURRENCE-ID); it never changes' },
    start: instant,
    end: instant,
    startLocal: wallClock,
    endLocal: wallClock,
    status: { type: 'string', enum: [...BOOKING_STATUS_VALUES, 'PLANNED', 'CONFLICT'] },
    bookingId: { type: ['string', 'null'] },
  },
};

export const CREATED_SERIES_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['seriesId', 'rrule', 'timeZone', 'occurrences'],
  properties: {
    seriesId: { type: 'string' },
    rrule: { type: 'string' },
    timeZone: { type: 'string' },
    occurrences: {
      type: 'array',
      description: 'Every occurrence within 180 days, held at once',
      items: { $ref: '#/components/schemas/Booking' },
    },
  },
};

export const CANCELLED_SERIES_SCHEMA: JsonSchema = {
  allOf: [
    { $ref: '#/components/schemas/Series' },
    {
      type: 'object',
      required: ['cancelledOccurrences'],
      properties: { cancelledOccurrences: { type: 'integer', minimum: 0 } },
    },
  ],
};

export const UNHELD_OCCURRENCE_CANCELLED_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['recurrenceId', 'status'],
  properties: { recurrenceId: instant, status: { type: 'string', enum: ['CANCELLED'] } },
};

export const WEBHOOK_RECEIVED_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['received', 'outcome'],
  properties: {
    received: { type: 'boolean', enum: [true] },
    outcome: { type: 'string', enum: ['recorded', 'duplicate', 'ignored', 'unprocessable'] },
  },
};

export const LIVENESS_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string', enum: ['up'] } },
};

export const READINESS_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['status', 'checks'],
  properties: {
    status: { type: 'string', enum: ['ready', 'not_ready'] },
    checks: {
      type: 'object',
      description: '`up`, or what went wrong, per dependency (Redis and each service behind the gateway)',
      additionalProperties: { type: 'string' },
    },
  },
};
