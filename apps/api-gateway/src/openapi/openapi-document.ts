import {
  availabilityQuery,
  bookingViewSchema,
  cancelBookingSchema,
  cancelledBookingViewSchema,
  createBookingSchema,
  createResourceSchema,
  listBookingsQuery,
  listResourcesQuery,
  notificationViewSchema,
  paymentLinkQuery,
  rescheduleBookingSchema,
  resourceViewSchema,
  slotsQuery,
  slotViewSchema,
  standingViewSchema,
  updateResourceSchema,
  webhookEnvelopeSchema,
} from '@booking/contracts';
import { WEBHOOK_HEADERS } from '@booking/payment-provider';
import {
  jsonSchema,
  operation,
  PROBLEM_SCHEMA,
  RESPONSE_HEADERS,
  type OperationSpec,
} from './openapi-builder';
import {
  CANCELLED_SERIES_SCHEMA,
  CREATED_SERIES_SCHEMA,
  LIVENESS_SCHEMA,
  OCCURRENCE_SCHEMA,
  READINESS_SCHEMA,
  SERIES_CONFLICT_SCHEMA,
  SERIES_SCHEMA,
  UNHELD_OCCURRENCE_CANCELLED_SCHEMA,
  WEBHOOK_RECEIVED_SCHEMA,
} from './response-schemas';
import { CREATE_BOOKING_EXAMPLES, CREATE_RESOURCE_EXAMPLES } from './request-examples';
import { calendarPaths } from './calendar-paths';

/** What any request naming a period can be refused with: the time rules and the resource's own. */
const PERIOD_ERRORS = [
  'nonexistent_local_time',
  'ambiguous_local_time',
  'offset_mismatch',
  'invalid_time_zone',
  'end_before_start',
  'too_long',
  'too_short_notice',
  'outside_business_hours',
] as const;

/** A booking moved, on its own or as one occurrence of a series: the same use case answers both. */
const RESCHEDULE: Pick<OperationSpec, 'body' | 'success' | 'errors'> = {
  body: rescheduleBookingSchema,
  success: {
    status: 200,
    description: 'The moved booking',
    schema: { $ref: '#/components/schemas/Booking' },
  },
  errors: [
    'validation_failed',
    'not_found',
    'invalid_transition',
    'slot_unavailable',
    'reschedule_limit',
    'customer_restricted',
    ...PERIOD_ERRORS,
  ],
};

const page = (ref: string) => ({
  type: 'object',
  required: ['data', 'nextCursor'],
  properties: { data: { type: 'array', items: { $ref: ref } }, nextCursor: { type: ['string', 'null'] } },
});

/** The public API as OpenAPI 3.1, its bodies generated from the same schemas that validate them. */
export function buildOpenApiDocument(): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Booking platform API',
      version: '1.0.0',
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
      description:
        'Book anything rented by the hour or the day. Errors are RFC 9457 problem+json with a stable `code`. ' +
        'Instants are RFC 3339 UTC; anything in a zone also carries its wall-clock form and IANA `timeZone`.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT (HS256)' } },
      parameters: {
        RequestId: {
          name: 'X-Request-Id',
          in: 'header',
          required: false,
          description: 'Echoed on the response; one is made when absent.',
          schema: { type: 'string' },
        },
      },
      headers: RESPONSE_HEADERS,
      schemas: {
        Problem: PROBLEM_SCHEMA,
        Series: SERIES_SCHEMA,
        SeriesConflict: SERIES_CONFLICT_SCHEMA,
        Occurrence: OCCURRENCE_SCHEMA,
        CreatedSeries: CREATED_SERIES_SCHEMA,
        Resource: jsonSchema(resourceViewSchema, 'output'),
        Booking: jsonSchema(bookingViewSchema, 'output'),
        CancelledBooking: jsonSchema(cancelledBookingViewSchema, 'output'),
        Notification: jsonSchema(notificationViewSchema, 'output'),
        Standing: jsonSchema(standingViewSchema, 'output'),
      },
    },
    paths: {
      '/v1/resources': {
        post: operation({
          operationId: 'createResource',
          summary: 'Create a resource',
          tags: ['resources'],
          roles: ['admin'],
          body: createResourceSchema,
          bodyExamples: CREATE_RESOURCE_EXAMPLES,
          success: {
            status: 201,
            description: 'The resource',
            schema: { $ref: '#/components/schemas/Resource' },
          },
          errors: ['validation_failed'],
        }),
        get: operation({
          operationId: 'listResources',
          summary: 'List resources',
          tags: ['resources'],
          roles: 'any',
          query: listResourcesQuery,
          success: {
            status: 200,
            description: 'A page of resources',
            schema: page('#/components/schemas/Resource'),
          },
          errors: ['validation_failed'],
        }),
      },
      '/v1/resources/{resourceId}': {
        get: operation({
          operationId: 'getResource',
          summary: 'Read a resource',
          tags: ['resources'],
          roles: 'any',
          pathParams: ['resourceId'],
          success: {
            status: 200,
            description: 'The resource',
            schema: { $ref: '#/components/schemas/Resource' },
          },
          errors: ['not_found'],
        }),
        patch: operation({
          operationId: 'updateResource',
          summary: 'Change a resource',
          description: 'Fields that are absent keep their value.',
          tags: ['resources'],
          roles: ['admin'],
          pathParams: ['resourceId'],
          body: updateResourceSchema,
          success: {
            status: 200,
            description: 'The resource',
            schema: { $ref: '#/components/schemas/Resource' },
          },
          errors: ['validation_failed', 'not_found'],
        }),
      },
      '/v1/resources/{resourceId}/slots': {
        get: operation({
          operationId: 'listResourceSlots',
          summary: 'Bookable slots of a resource, for days in the viewer’s zone',
          description:
            'A slot is listed exactly when a hold of it would succeed now: on the `slotMinutes` grid from the start ' +
            'of each business-hours opening, inside business hours, its blocked range free, at least ' +
            '`minNoticeMinutes` ahead. `from` and `to` are dates in `timeZone` (default: the resource’s), both included.',
          tags: ['resources'],
          roles: 'any',
          pathParams: ['resourceId'],
          query: slotsQuery,
          success: {
            status: 200,
            description: 'The slots, UTC and in the viewer’s zone',
            schema: {
              type: 'object',
              properties: { data: { type: 'array', items: jsonSchema(slotViewSchema, 'output') } },
            },
          },
          errors: ['validation_failed', 'invalid_time_zone', 'end_before_start', 'too_long', 'not_found'],
        }),
      },
      '/v1/availability': {
        get: operation({
          operationId: 'findAvailableResources',
          summary: 'Resources free for a whole period',
          description:
            'Widened by each resource’s buffers. May be up to 60 s stale; a hold is the only truth.',
          tags: ['availability'],
          roles: 'any',
          query: availabilityQuery,
          success: {
            status: 200,
            description: 'A page of free resources',
            schema: page('#/components/schemas/Resource'),
          },
          errors: ['validation_failed', 'end_before_start', 'too_long'],
        }),
      },
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
              oneOf: [
                { $ref: '#/components/schemas/Booking' },
                { $ref: '#/components/schemas/CreatedSeries' },
              ],
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
      '/v1/customers/{customerId}/standing': {
        get: operation({
          operationId: 'getCustomerStanding',
          summary: 'A customer’s standing',
          description:
            'No-shows (a late cancel by the customer counts as one) over the last 90 days: 1 warns on the ' +
            'customer’s booking responses, 2 allow only starts at least 24 h ahead for 30 days, 3 freeze booking ' +
            'until an admin resets it. Another customer’s standing is 404. Thresholds are configuration.',
          tags: ['customers'],
          roles: ['customer', 'admin'],
          pathParams: ['customerId'],
          success: {
            status: 200,
            description: 'The standing',
            schema: { $ref: '#/components/schemas/Standing' },
          },
          errors: ['not_found'],
        }),
      },
      '/v1/customers/{customerId}/standing/reset': {
        post: operation({
          operationId: 'resetCustomerStanding',
          summary: 'Lift a customer’s standing',
          description: 'No-shows before now stop counting.',
          tags: ['customers'],
          roles: ['admin'],
          pathParams: ['customerId'],
          success: {
            status: 200,
            description: 'The standing after the reset',
            schema: { $ref: '#/components/schemas/Standing' },
          },
          errors: [],
        }),
      },
      ...calendarPaths(),
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
            'Held occurrences show their booking (moved ones at their new times; `recurrenceId` never changes); ' +
            'others are `PLANNED`, `CANCELLED` (taken out before being held) or `CONFLICT` (the period was taken when it came due).',
          tags: ['series'],
          roles: 'any',
          pathParams: ['seriesId'],
          success: {
            status: 200,
            description: 'The occurrences in RECURRENCE-ID order, pages of `limit` (default 50, at most 200)',
            schema: page('#/components/schemas/Occurrence'),
          },
          errors: ['validation_failed', 'end_before_start', 'too_long', 'not_found'],
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
            schema: CANCELLED_SERIES_SCHEMA,
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
              anyOf: [{ $ref: '#/components/schemas/CancelledBooking' }, UNHELD_OCCURRENCE_CANCELLED_SCHEMA],
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
      '/v1/payments/webhook': {
        post: operation({
          operationId: 'receivePaymentWebhook',
          summary: 'The payment provider reports an event (Standard Webhooks)',
          description:
            'Signed with `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`, ' +
            'several space-separated while a secret rotates). Any number of deliveries of one payment have one effect; ' +
            'unknown types are acknowledged and ignored.',
          tags: ['payments'],
          headers: Object.values(WEBHOOK_HEADERS).map((name) => ({
            name,
            description: 'Standard Webhooks',
            required: true,
          })),
          body: webhookEnvelopeSchema,
          success: {
            status: 200,
            description: 'Accepted (recorded, a duplicate, or ignored)',
            schema: WEBHOOK_RECEIVED_SCHEMA,
          },
          errors: ['unauthorized', 'validation_failed'],
        }),
      },
      '/v1/payments/checkout/{bookingId}': {
        get: operation({
          operationId: 'openCheckout',
          summary:
            "A hold's payment link, followed by a browser without a token: redirects to the provider's checkout of the hold's deposit",
          tags: ['payments'],
          pathParams: ['bookingId'],
          query: paymentLinkQuery,
          success: { status: 303, description: 'See Other: the checkout page', headers: ['Location'] },
          errors: [
            'validation_failed',
            'unauthorized',
            'not_found',
            'invalid_transition',
            'rate_limited',
            'service_unavailable',
          ],
        }),
      },
      '/health/live': {
        get: operation({
          operationId: 'getLiveness',
          summary: 'Liveness',
          tags: ['health'],
          success: { status: 200, description: 'The process is up', schema: LIVENESS_SCHEMA },
          // As on every route, an address with NUL in it.
          errors: ['validation_failed'],
        }),
      },
      '/health/ready': {
        get: operation({
          operationId: 'getReadiness',
          summary: 'Readiness: the gateway can serve; Redis and each service behind it are reported',
          tags: ['health'],
          success: { status: 200, description: 'Ready', schema: READINESS_SCHEMA },
          errors: ['validation_failed', 'service_unavailable'],
        }),
      },
    },
  };
}
