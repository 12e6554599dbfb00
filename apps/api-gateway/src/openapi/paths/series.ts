import {
  cancelBookingSchema,
  cancelledSeriesViewSchema,
  seriesOccurrencesQuery,
  unheldOccurrenceCancelledSchema,
} from '@booking/contracts';
import { jsonSchema, operation } from '../openapi-builder';
import { RESCHEDULE, page } from './shared';

/** Recurring bookings: the series, its occurrences, and their cancels and moves. */
export function seriesPaths(): Record<string, unknown> {
  return {
    '/v1/series/{seriesId}': {
      get: operation({
        operationId: 'getSeries',
        summary: 'A recurring series: its rule, wall-clock times and later conflicts',
        tags: ['series'],
        roles: 'any',
        pathParams: ['seriesId'],
        success: {
          status: 200,
          description: 'The series',
          schema: { $ref: '#/components/schemas/Series' },
        },
        errors: ['not_found'],
      }),
    },
    '/v1/series/{seriesId}/occurrences': {
      get: operation({
        operationId: 'listSeriesOccurrences',
        summary: 'Every occurrence whose start lies in [from, to), exceptions applied',
        description:
          'Without `from` and `to`, the whole series from its first start (a century on for a rule without an end); ' +
          'any window may be asked for, and pages of `limit` bound the work. ' +
          'Held occurrences show their booking (moved ones at their new times; `recurrenceId` never changes); ' +
          'others are `PLANNED`, `CANCELLED` (taken out before being held) or `CONFLICT` (the period was taken when it came due).',
        tags: ['series'],
        roles: 'any',
        pathParams: ['seriesId'],
        query: seriesOccurrencesQuery,
        success: {
          status: 200,
          description: 'The occurrences in RECURRENCE-ID order, pages of `limit` (default 50, at most 200)',
          schema: page('#/components/schemas/Occurrence'),
        },
        errors: ['validation_failed', 'end_before_start', 'not_found'],
      }),
    },
    '/v1/series/{seriesId}/cancel': {
      post: operation({
        operationId: 'cancelSeries',
        summary: 'Cancel every occurrence from now on',
        tags: ['series'],
        roles: 'any',
        pathParams: ['seriesId'],
        success: {
          status: 200,
          description: 'The series, with how many occurrences were cancelled',
          schema: jsonSchema(cancelledSeriesViewSchema, 'output'),
        },
        errors: ['not_found', 'invalid_transition'],
      }),
    },
    '/v1/series/{seriesId}/occurrences/{recurrenceId}/cancel': {
      post: operation({
        operationId: 'cancelSeriesOccurrence',
        summary: 'Cancel one occurrence (an exception by RECURRENCE-ID)',
        tags: ['series'],
        roles: 'any',
        pathParams: ['seriesId', 'recurrenceId'],
        body: cancelBookingSchema,
        success: {
          status: 200,
          description: 'The cancelled booking, or `{ recurrenceId, status }` for one not held yet',
          schema: {
            anyOf: [
              { $ref: '#/components/schemas/CancelledBooking' },
              jsonSchema(unheldOccurrenceCancelledSchema, 'output'),
            ],
          },
        },
        errors: ['validation_failed', 'not_found', 'invalid_transition'],
      }),
    },
    '/v1/series/{seriesId}/occurrences/{recurrenceId}/reschedule': {
      post: operation({
        operationId: 'rescheduleSeriesOccurrence',
        summary: 'Move one held occurrence; the rule and the others stay',
        tags: ['series'],
        roles: 'any',
        pathParams: ['seriesId', 'recurrenceId'],
        ...RESCHEDULE,
      }),
    },
  };
}
