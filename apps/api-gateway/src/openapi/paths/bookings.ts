import { cancelBookingSchema, createBookingSchema, listBookingsQuery } from '@booking/contracts';
import { operation } from '../openapi-builder';
import { CREATE_BOOKING_EXAMPLES } from '../request-examples';
import { PERIOD_ERRORS, RESCHEDULE, page } from './shared';

/** Holds, the booking itself, its messages, and the changes a customer or host makes. */
export function bookingsPaths(): Record<string, unknown> {
  return {
    '/v1/bookings': {
      post: operation({
        operationId: 'createBooking',
        summary: 'Hold a resource, or book a recurring series (`rrule`)',
        description:
          'Times are RFC 3339 instants, wall-clock times with an offset, or wall-clock times with `timeZone` ' +
          '(the booking’s zone; the resource’s when absent). A resource with no deposit is CONFIRMED at once. ' +
          'Send `Idempotency-Key` to make retries safe: the first answer (201 or 409) is replayed for 24 h ' +
          'with `Idempotent-Replayed: true`. With `rrule` (RFC 5545, daily or coarser) the answer is ' +
          '`{ seriesId, rrule, timeZone, occurrences: [Booking] }`: every occurrence within 180 days, held ' +
          'at once or not at all (409 lists `conflicts`); each keeps its wall-clock time across DST.',
        tags: ['bookings'],
        roles: ['customer'],
        headers: [{ name: 'Idempotency-Key', description: 'Up to 255 visible ASCII characters.' }],
        body: createBookingSchema,
        bodyExamples: CREATE_BOOKING_EXAMPLES,
        replayable: true,
        success: {
          status: 201,
          description:
            'The booking (HOLD, or CONFIRMED), or, with `rrule`, the series with its held occurrences',
          schema: {
            oneOf: [{ $ref: '#/components/schemas/Booking' }, { $ref: '#/components/schemas/CreatedSeries' }],
          },
        },
        errors: [
          'validation_failed',
          'not_found',
          'slot_unavailable',
          'idempotency_key_in_progress',
          ...PERIOD_ERRORS,
          'invalid_rrule',
          'series_not_supported',
          'over_hold_limit',
          'idempotency_key_reused',
          'customer_restricted',
          'rate_limited',
        ],
      }),
      get: operation({
        operationId: 'listBookings',
        summary: 'List bookings whose period overlaps [from, to)',
        description: 'A customer sees their own bookings, a host those on their resources, an admin all.',
        tags: ['bookings'],
        roles: 'any',
        query: listBookingsQuery,
        success: {
          status: 200,
          description: 'A page of bookings',
          schema: page('#/components/schemas/Booking'),
        },
        errors: ['validation_failed', 'end_before_start'],
      }),
    },
    '/v1/bookings/{bookingId}': {
      get: operation({
        operationId: 'getBooking',
        summary: 'Read a booking',
        description: 'A booking the caller may not see is 404, exactly like one that does not exist.',
        tags: ['bookings'],
        roles: 'any',
        pathParams: ['bookingId'],
        success: {
          status: 200,
          description: 'The booking',
          schema: { $ref: '#/components/schemas/Booking' },
        },
        errors: ['not_found'],
      }),
    },
    '/v1/bookings/{bookingId}/notifications': {
      get: operation({
        operationId: 'listBookingNotifications',
        summary: 'The messages of a booking',
        description:
          'Confirmation, reminders (email 24 h and SMS 2 h before the start, in absolute time), cancellation, ' +
          'move and refund messages, each sent at most once. Times in them are in the contact’s zone and locale. ' +
          'A message not sent yet shows what it would say now.',
        tags: ['bookings'],
        roles: 'any',
        pathParams: ['bookingId'],
        success: {
          status: 200,
          description: 'The booking’s messages, by scheduled time',
          schema: {
            type: 'object',
            required: ['data'],
            properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Notification' } } },
          },
        },
        errors: ['not_found'],
      }),
    },
    '/v1/bookings/{bookingId}/cancellation': {
      get: operation({
        operationId: 'getCancellationQuote',
        summary: 'What a cancel would refund now',
        description:
          'The refund the caller’s cancel would give at this moment, by the same rules and the server’s clock, and ' +
          'whether it would count as a no-show; for a page to show before the person confirms. Changes nothing.',
        tags: ['bookings'],
        roles: 'any',
        pathParams: ['bookingId'],
        success: {
          status: 200,
          description: 'The refund a cancel now would give',
          schema: { $ref: '#/components/schemas/CancellationQuote' },
        },
        errors: ['not_found', 'invalid_transition'],
      }),
    },
    '/v1/bookings/{bookingId}/cancel': {
      post: operation({
        operationId: 'cancelBooking',
        summary: 'Cancel a booking',
        description:
          'A customer is refunded by the resource’s tiers, by whole hours between the server’s clock and the start; ' +
          'a host or admin refunds 100 % of what was paid; an unpaid hold refunds 0. The refund runs asynchronously.',
        tags: ['bookings'],
        roles: 'any',
        pathParams: ['bookingId'],
        body: cancelBookingSchema,
        success: {
          status: 200,
          description: 'The cancelled booking',
          schema: { $ref: '#/components/schemas/CancelledBooking' },
        },
        errors: ['validation_failed', 'not_found', 'invalid_transition'],
      }),
    },
    '/v1/bookings/{bookingId}/reschedule': {
      post: operation({
        operationId: 'rescheduleBooking',
        summary: 'Move a HOLD or CONFIRMED booking to another period',
        description:
          'Checked against every other booking in one transaction; a taken period keeps the old one. ' +
          'Without `end` the booking keeps its exact duration (real time, across DST). ' +
          'After `maxReschedules` successful moves: 409 `reschedule_limit`. A refused attempt uses none.',
        tags: ['bookings'],
        roles: 'any',
        pathParams: ['bookingId'],
        ...RESCHEDULE,
      }),
    },
    ...Object.fromEntries(
      (
        [
          ['check-in', 'checkInBooking', 'Check in (pickup or arrival): CONFIRMED → IN_PROGRESS'],
          ['complete', 'completeBooking', 'Complete: IN_PROGRESS → COMPLETED'],
          ['no-show', 'markBookingNoShow', 'Mark a no-show: CONFIRMED → NO_SHOW'],
        ] as const
      ).map(([action, operationId, summary]) => [
        `/v1/bookings/{bookingId}/${action}`,
        {
          post: operation({
            operationId,
            summary,
            tags: ['bookings'],
            roles: ['host', 'admin'],
            pathParams: ['bookingId'],
            success: {
              status: 200,
              description: 'The booking',
              schema: { $ref: '#/components/schemas/Booking' },
            },
            errors: ['not_found', 'invalid_transition'],
          }),
        },
      ]),
    ),
  };
}
