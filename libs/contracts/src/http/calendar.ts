import { z } from 'zod';
import { rfc3339Instant } from './common';

/** A calendar subscription feed, as its owner sees it once, when it is made. */
export const calendarFeedSchema = z.object({
  url: z
    .string()
    .url()
    .describe(
      'the feed to subscribe to in a calendar app; whoever has it can read the feed, until it is revoked',
    ),
  createdAt: rfc3339Instant,
});

export type CalendarFeedView = z.infer<typeof calendarFeedSchema>;

/** The token in a feed URL: 32 random bytes, base64url. */
export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The consent a host follows to connect a Google calendar to a resource. */
export const calendarConsentSchema = z.object({
  authorizationUrl: z
    .string()
    .url()
    .describe("Google's consent page; it sends the browser back to the callback"),
  expiresAt: rfc3339Instant.describe('the consent must be completed before this'),
});

/** A resource's calendar connection, without its secrets. */
export const calendarConnectionSchema = z.object({
  resourceId: z.string(),
  provider: z.literal('google'),
  calendarId: z.string().describe('`primary`: the calendar of the Google account that consented'),
  status: z
    .enum(['connected', 'error'])
    .describe('`error`: Google no longer accepts the grant (revoked or expired); connect again'),
  lastSyncedAt: rfc3339Instant.nullable(),
  lastError: z.string().nullable().describe('the latest refusal by Google, with when it happened'),
  connectedAt: rfc3339Instant,
});

export type CalendarConsentView = z.infer<typeof calendarConsentSchema>;
export type CalendarConnectionView = z.infer<typeof calendarConnectionSchema>;

/** What Google sends the browser back with: the state, and a code or an error. */
export const calendarCallbackQuery = z.object({
  state: z.string().max(200).optional(),
  code: z.string().max(2048).optional(),
  error: z.string().max(200).optional().describe('`access_denied` when the account owner said no'),
  scope: z.string().max(2048).optional(),
});
