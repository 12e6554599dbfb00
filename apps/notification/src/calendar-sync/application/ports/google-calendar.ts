import type { DesiredEvent } from '../../domain/google-event';
import type { DesiredSeries } from '../../domain/series-event';

/**
 * How one call to Google went. `retry`: rate limits, 5xx, timeouts — nothing was decided.
 * `failed`: Google refused this change for good (403, 404, 400). `revoked`: the refresh token no
 * longer works; only a new consent helps.
 */
export type GoogleOutcome = { outcome: 'done' } | { outcome: 'retry' | 'failed' | 'revoked'; reason: string };

/** A port of the use cases; `GoogleCalendarClient` implements it with Google’s OAuth and Calendar APIs. */
export abstract class GoogleCalendar {
  abstract authorizationUrl(state: string, codeChallenge: string): string;
  abstract codeChallenge(): Promise<{ codeVerifier: string; codeChallenge: string }>;
  /** The refresh token the code is worth, or why there is none. */
  abstract exchange(
    code: string,
    codeVerifier: string,
  ): Promise<{ refreshToken: string } | { reason: string }>;
  /** Best effort: a token Google no longer knows is as good as revoked. */
  abstract revoke(key: string, refreshToken: string): Promise<void>;
  /**
   * Makes the calendar show `desired`: insert (a 409 means it exists: patch) and, for a series,
   * each exception on its instance; or delete. Every step is idempotent, so a retry repeats them all.
   */
  abstract apply(
    key: string,
    refreshToken: string,
    calendarId: string,
    desired: DesiredEvent | DesiredSeries,
  ): Promise<GoogleOutcome>;
}
