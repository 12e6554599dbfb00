import { calendarFeedSchema } from '@booking/contracts';
import { jsonSchema, operation } from './openapi-builder';

const FEED_SCHEMA = jsonSchema(calendarFeedSchema, 'output');

const FEED_TEXT =
  'The feed lists the bookings that took or take the time (cancelled ones as `STATUS:CANCELLED`) that ended ' +
  'at most 30 days ago, the soonest 1,000, each in its resource’s zone with a VTIMEZONE. Making a feed revokes ' +
  'the previous one; the URL is shown only in this answer.';

/** Calendar subscription feeds: made and revoked with a token, read with the URL alone. */
export function calendarPaths(): Record<string, unknown> {
  const owners = [
    {
      path: '/v1/resources/{resourceId}/calendar-feed',
      param: 'resourceId',
      noun: 'Resource',
      whose: 'a resource’s bookings, for its host',
      roles: ['host', 'admin'] as const,
      errors: ['not_found'] as const,
    },
    {
      path: '/v1/customers/{customerId}/calendar-feed',
      param: 'customerId',
      noun: 'Customer',
      whose: 'a customer’s own bookings (another customer’s is 404)',
      roles: ['customer', 'admin'] as const,
      errors: ['not_found'] as const,
    },
  ];
  return {
    ...Object.fromEntries(
      owners.map((owner) => [
        owner.path,
        {
          post: operation({
            operationId: `issue${owner.noun}CalendarFeed`,
            summary: `Make (or replace) the calendar feed of ${owner.whose}`,
            description: FEED_TEXT,
            tags: ['calendars'],
            roles: [...owner.roles],
            pathParams: [owner.param],
            success: { status: 201, description: 'The new feed', schema: FEED_SCHEMA },
            errors: [...owner.errors],
          }),
          delete: operation({
            operationId: `revoke${owner.noun}CalendarFeed`,
            summary: `Revoke the calendar feed of ${owner.whose}`,
            description: 'Its URL answers 404 from now on.',
            tags: ['calendars'],
            roles: [...owner.roles],
            pathParams: [owner.param],
            success: { status: 204, description: 'Revoked' },
            errors: [...owner.errors],
          }),
        },
      ]),
    ),
    '/v1/calendars/{feedFile}': {
      get: operation({
        operationId: 'getCalendarFeed',
        summary: 'A calendar feed (iCalendar), for calendar apps, which cannot send a token',
        description:
          '`feedFile` is `<feed token>.ics`, as in the URL the feed was made with: the token is the capability. ' +
          'An unknown or revoked one is 404.',
        tags: ['calendars'],
        pathParams: ['feedFile'],
        success: {
          status: 200,
          description: 'RFC 5545 iCalendar',
          mediaType: 'text/calendar',
          schema: { type: 'string' },
        },
        errors: ['not_found'],
      }),
    },
  };
}
