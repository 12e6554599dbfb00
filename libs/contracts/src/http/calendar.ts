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
