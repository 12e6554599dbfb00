import type { Queryable, TransactionClient } from '@booking/db';
import type { FeedOwner } from '../../domain/calendar-feed';

/** A port of the use cases; `PgCalendarFeedRepository` implements it with PostgreSQL. */
export abstract class CalendarFeedRepository {
  /** Revokes the owner's live feed, if any, and records the new one: one live feed per owner. */
  abstract replace(
    tx: TransactionClient,
    owner: FeedOwner,
    tokenHash: Buffer,
    by: string,
    now: Date,
  ): Promise<void>;
  /** Whether there was a live feed to revoke. */
  abstract revoke(db: Queryable, owner: FeedOwner, now: Date): Promise<boolean>;
  /** Whose live feed the token opens, or null for an unknown or revoked one. */
  abstract ownerOf(db: Queryable, tokenHash: Buffer): Promise<FeedOwner | null>;
}
