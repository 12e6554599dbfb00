/**
 * A resource's Google calendar. `connected`: bookings are synced to it. `error`: Google no
 * longer accepts its refresh token (revoked, expired); nothing syncs until it is connected again.
 */
export interface CalendarConnection {
  resourceId: string;
  status: 'connected' | 'error';
  calendarId: string;
  connectedBy: string;
  lastSyncedAt: Date | null;
  lastError: string | null;
  createdAt: Date;
}

/** How long a consent may take, from the connect request to Google's redirect back. */
export const CONSENT_TTL_MS = 10 * 60_000;
