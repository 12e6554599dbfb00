import { z } from 'zod';
import { rfc3339Instant } from './common';

/** A customer's standing, from the no-shows in the window: worst last. */
export const STANDING_LEVELS = ['good', 'warned', 'restricted', 'frozen'] as const;

export const standingViewSchema = z.object({
  customerId: z.string(),
  noShows: z
    .number()
    .int()
    .min(0)
    .describe('Counted over the window (90 days by default), since the last reset'),
  level: z.enum(STANDING_LEVELS),
  restrictedUntil: rfc3339Instant.nullable(),
});

export type StandingView = z.infer<typeof standingViewSchema>;
