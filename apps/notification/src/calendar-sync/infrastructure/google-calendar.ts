import { calendar as calendarApi, type calendar_v3 } from '@googleapis/calendar';
import { OAuth2Client } from 'google-auth-library';
import type { DesiredEvent } from '../domain/google-event';
import type { DesiredSeries } from '../domain/series-event';
import { type GoogleCalendar, type GoogleOutcome } from '../application/ports/google-calendar';

export interface GoogleSettings {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  authUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  /** Calendar API root, `https://www.googleapis.com/` in production. */
  apiUrl: string;
  timeoutMs: number;
}

/** Calendar events only: the narrowest scope that lets the platform write its bookings. */
export const CALENDAR_SCOPE = 'https://www.googleapis.com/auth/calendar.events';

interface GoogleError {
  status?: number;
  code?: string | number;
  message?: string;
  response?: { status?: number; data?: { error?: string | { message?: string } } };
}

/**
 * Google's own client libraries (google-auth-library, @googleapis/calendar) with every endpoint
 * configurable: the same code talks to Google and to the local stand-in. One OAuth client per
 * connection is kept, so its access token is reused until it expires; a 401 refreshes it once.
 */
export class GoogleCalendarClient implements GoogleCalendar {
  private readonly clients = new Map<string, { refreshToken: string; client: OAuth2Client }>();

  constructor(private readonly settings: GoogleSettings) {}

  authorizationUrl(state: string, codeChallenge: string): string {
    return this.newClient().generateAuthUrl({
      access_type: 'offline',
      // Asked every time, so Google issues a refresh token even to a calendar connected before.
      prompt: 'consent',
      scope: [CALENDAR_SCOPE],
      state,
      code_challenge: codeChallenge,
      code_challenge_method: 'S256' as never,
    });
  }

  async codeChallenge(): Promise<{ codeVerifier: string; codeChallenge: string }> {
    const { codeVerifier, codeChallenge } = await this.newClient().generateCodeVerifierAsync();
    return { codeVerifier, codeChallenge: codeChallenge! };
  }

  /** The refresh token the code is worth, or why there is none. */
  async exchange(code: string, codeVerifier: string): Promise<{ refreshToken: string } | { reason: string }> {
    try {
      const { tokens } = await this.newClient().getToken({ code, codeVerifier });
      return tokens.refresh_token
        ? { refreshToken: tokens.refresh_token }
        : { reason: 'Google gave no refresh token' };
    } catch (error) {
      return { reason: reasonOf(error as GoogleError) };
    }
  }

  /** Best effort: a token Google no longer knows is as good as revoked. */
  async revoke(key: string, refreshToken: string): Promise<void> {
    this.clients.delete(key);
    await this.newClient()
      .revokeToken(refreshToken)
      .catch(() => undefined);
  }

  /**
   * Makes the calendar show `desired`: insert (a 409 means it exists: patch) and, for a series,
   * each instance written at its own times; or delete. Every step is idempotent, so a retry repeats them all.
   */
  async apply(
    key: string,
    refreshToken: string,
    calendarId: string,
    desired: DesiredEvent | DesiredSeries,
  ): Promise<GoogleOutcome> {
    const events = this.calendarFor(key, refreshToken).events;
    const remove = async (eventId: string) => {
      try {
        await events.delete({ calendarId, eventId, sendUpdates: 'none' });
      } catch (error) {
        // Already gone, or never made: the effect wanted.
        if (![404, 410].includes(statusOf(error as GoogleError) ?? 0)) throw error;
      }
    };
    try {
      if (desired.kind === 'absent') {
        await remove(desired.id);
        return { outcome: 'done' };
      }
      try {
        await events.insert({ calendarId, requestBody: desired.event, sendUpdates: 'none' });
      } catch (error) {
        if (statusOf(error as GoogleError) !== 409) throw error;
        const { id, ...fields } = desired.event;
        await events.patch({ calendarId, eventId: id, requestBody: fields, sendUpdates: 'none' });
      }
      // Instances that do not take place are the recurrence's EXDATEs; the rest at their own times.
      for (const exception of 'exceptions' in desired ? desired.exceptions : [])
        await events.patch({
          calendarId,
          eventId: exception.instanceId,
          requestBody: { start: exception.start, end: exception.end },
          sendUpdates: 'none',
        });
      return { outcome: 'done' };
    } catch (error) {
      return classify(error as GoogleError);
    }
  }

  private calendarFor(key: string, refreshToken: string): calendar_v3.Calendar {
    let entry = this.clients.get(key);
    if (!entry || entry.refreshToken !== refreshToken) {
      const client = this.newClient();
      client.setCredentials({ refresh_token: refreshToken });
      entry = { refreshToken, client };
      this.clients.set(key, entry);
    }
    return calendarApi({
      version: 'v3',
      auth: entry.client,
      rootUrl: this.settings.apiUrl,
      // Retries are the sync job's, with its backoff and its record of attempts.
      retry: false,
      timeout: this.settings.timeoutMs,
      fetchImplementation: fetch,
    });
  }

  private newClient(): OAuth2Client {
    return new OAuth2Client({
      clientId: this.settings.clientId,
      clientSecret: this.settings.clientSecret,
      redirectUri: this.settings.redirectUri,
      endpoints: {
        oauth2AuthBaseUrl: this.settings.authUrl,
        oauth2TokenUrl: this.settings.tokenUrl,
        oauth2RevokeUrl: this.settings.revokeUrl,
      },
      // Native fetch, not the node-fetch gaxios would import; and a 401 refreshes the access token once.
      transporterOptions: { fetchImplementation: fetch, timeout: this.settings.timeoutMs },
      forceRefreshOnFailure: true,
    });
  }
}

function statusOf(error: GoogleError): number | undefined {
  return error.status ?? error.response?.status;
}

function reasonOf(error: GoogleError): string {
  const data = error.response?.data?.error;
  const detail = typeof data === 'string' ? data : data?.message;
  return [statusOf(error), detail ?? error.message ?? String(error.code ?? 'error')]
    .filter(Boolean)
    .join(' ');
}

function classify(error: GoogleError): GoogleOutcome {
  const reason = reasonOf(error);
  if (error.response?.data?.error === 'invalid_grant') return { outcome: 'revoked', reason };
  const status = statusOf(error);
  if (status === undefined || status === 401 || status === 408 || status === 429 || status >= 500)
    return { outcome: 'retry', reason };
  return { outcome: 'failed', reason };
}
