import type { Queryable, TransactionClient } from '@booking/db';
import type { CalendarConnection } from '../../domain/calendar-connection';
import type { SealedToken } from './token-cipher';

export interface PendingConsent {
  resourceId: string;
  requestedBy: string;
  codeVerifier: string;
}

/** A port of the use cases; `PgCalendarConnectionRepository` implements it with PostgreSQL. */
export abstract class CalendarConnectionRepository {
  abstract savePendingConsent(
    db: Queryable,
    stateHash: Buffer,
    consent: PendingConsent,
    expiresAt: Date,
    now: Date,
  ): Promise<void>;
  /** Single use: the consent is gone once taken, and an expired one is never returned. */
  abstract takePendingConsent(db: Queryable, stateHash: Buffer, now: Date): Promise<PendingConsent | null>;
  abstract saveConnected(
    tx: TransactionClient,
    connection: { resourceId: string; calendarId: string; connectedBy: string; token: SealedToken },
    now: Date,
  ): Promise<void>;
  abstract find(
    db: Queryable,
    resourceId: string,
  ): Promise<(CalendarConnection & { token: SealedToken }) | null>;
  /** Removes the connection; resolves with what it was, to revoke its token. */
  abstract remove(
    tx: TransactionClient,
    resourceId: string,
  ): Promise<(CalendarConnection & { token: SealedToken }) | null>;
  /** Replaces the sealed token only if it is still the one read: a reconnect meanwhile wins. */
  abstract resealToken(
    db: Queryable,
    resourceId: string,
    read: SealedToken,
    token: SealedToken,
    now: Date,
  ): Promise<void>;
  abstract markSynced(db: Queryable, resourceId: string, now: Date): Promise<void>;
  /** `revoked`: the connection stops syncing until it is made again; otherwise only the error is shown. */
  abstract recordError(
    db: Queryable,
    resourceId: string,
    error: string,
    revoked: boolean,
    now: Date,
  ): Promise<void>;
}
