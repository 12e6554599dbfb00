import {
  bookingViewSchema,
  cancelledBookingViewSchema,
  cancellationQuoteViewSchema,
  createdSeriesViewSchema,
  notificationViewSchema,
  occurrenceViewSchema,
  resourceViewSchema,
  seriesConflictViewSchema,
  seriesViewSchema,
  standingViewSchema,
} from '@booking/contracts';
import { jsonSchema, PROBLEM_SCHEMA, RESPONSE_HEADERS } from './openapi-builder';
import { availabilityPaths } from './paths/availability';
import { bookingsPaths } from './paths/bookings';
import { calendarPaths } from './paths/calendars';
import { customersPaths } from './paths/customers';
import { healthPaths } from './paths/health';
import { paymentsPaths } from './paths/payments';
import { resourcesPaths } from './paths/resources';
import { seriesPaths } from './paths/series';

/**
 * The public API as OpenAPI 3.1, its bodies generated from the same zod schemas that validate
 * them; each tag's paths are in `paths/`.
 */
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
        Series: jsonSchema(seriesViewSchema, 'output'),
        SeriesConflict: jsonSchema(seriesConflictViewSchema, 'output'),
        Occurrence: jsonSchema(occurrenceViewSchema, 'output'),
        CreatedSeries: jsonSchema(createdSeriesViewSchema, 'output'),
        Resource: jsonSchema(resourceViewSchema, 'output'),
        Booking: jsonSchema(bookingViewSchema, 'output'),
        CancelledBooking: jsonSchema(cancelledBookingViewSchema, 'output'),
        CancellationQuote: jsonSchema(cancellationQuoteViewSchema, 'output'),
        Notification: jsonSchema(notificationViewSchema, 'output'),
        Standing: jsonSchema(standingViewSchema, 'output'),
      },
    },
    paths: {
      ...resourcesPaths(),
      ...availabilityPaths(),
      ...bookingsPaths(),
      ...customersPaths(),
      ...calendarPaths(),
      ...seriesPaths(),
      ...paymentsPaths(),
      ...healthPaths(),
    },
  };
}
