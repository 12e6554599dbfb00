import {
  calendarCallbackQuery,
  calendarConnectionSchema,
  calendarConsentSchema,
  calendarFeedSchema,
} from '@booking/contracts';
import { jsonSchema, operation } from '../openapi-builder';

const FEED_SCHEMA = jsonSchema(calendarFeedSchema, 'output');
const CONNECTION_SCHEMA = jsonSchema(calendarConnectionSchema, 'output');
const CONNECTION = ['host', 'admin'] as const;

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
    '/v1/resources/{resourceId}/calendar-connection': {
      post: operation({
        operationId: 'connectResourceCalendar',
        summary: 'Start connecting a Google calendar to a resource (OAuth 2.0 with PKCE)',
        description:
          'Answers Google’s consent URL; the host opens it, and Google sends the browser back to ' +
          '`/v1/calendar-connections/callback`. From then on the resource’s bookings are written to the calendar ' +
          '(future ones made before it included). Connecting again replaces the grant.',
        tags: ['calendars'],
        roles: [...CONNECTION],
        pathParams: ['resourceId'],
        success: {
          status: 201,
          description: 'The consent to follow',
          schema: jsonSchema(calendarConsentSchema, 'output'),
        },
        errors: ['not_found'],
      }),
      get: operation({
        operationId: 'getResourceCalendarConnection',
        summary: 'The resource’s calendar connection: status, last sync, last error; never its tokens',
        tags: ['calendars'],
        roles: [...CONNECTION],
        pathParams: ['resourceId'],
        success: { status: 200, description: 'The connection', schema: CONNECTION_SCHEMA },
        errors: ['not_found'],
      }),
      delete: operation({
        operationId: 'disconnectResourceCalendar',
        summary: 'Stop syncing and revoke the grant at Google; events already written stay',
        tags: ['calendars'],
        roles: [...CONNECTION],
        pathParams: ['resourceId'],
        success: { status: 204, description: 'Disconnected' },
        errors: ['not_found'],
      }),
    },
    '/v1/calendar-connections/callback': {
      get: operation({
        operationId: 'completeCalendarConnection',
        summary: 'Google’s answer to the consent, handed over by who started it',
        description:
          'Google sends the browser to the web app’s page (`GOOGLE_OAUTH_REDIRECT_URL`), which passes the query on ' +
          'here with the signed-in user’s token. The state is single use and expires 10 minutes after the ' +
          'connection was started; anyone but who started it gets 403, and the consent is spent.',
        tags: ['calendars'],
        roles: [...CONNECTION],
        query: calendarCallbackQuery,
        success: { status: 200, description: 'The connection, connected', schema: CONNECTION_SCHEMA },
        errors: ['validation_failed', 'forbidden'],
      }),
    },
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
