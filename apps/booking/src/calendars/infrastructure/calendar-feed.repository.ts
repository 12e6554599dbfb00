import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Queryable, TransactionClient } from '@booking/db';
import type { FeedOwner } from '../domain/calendar-feed';
import { CalendarFeedRepository } from '../application/ports/calendar-feed.repository';

const ownerKey = (owner: FeedOwner): [string, string] =>
  owner.kind === 'resource' ? ['resource', owner.resourceId] : ['customer', owner.customerId];

/** Feed tokens by their SHA-256: the token itself is shown once and never stored. */
@Injectable()
export class PgCalendarFeedRepository implements CalendarFeedRepository {
  /** Revokes the owner's live feed, if any, and records the new one: one live feed per owner. */
  async replace(
    tx: TransactionClient,
    owner: FeedOwner,
    tokenHash: Buffer,
    by: string,
    now: Date,
  ): Promise<void> {
    await this.revoke(tx, owner, now);
    const [kind, id] = ownerKey(owner);
    await tx.query(
      `INSERT INTO calendar_feed (feed_id, token_hash, owner_kind, owner_id, created_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [randomUUID(), tokenHash, kind, id, by, now],
    );
  }

  /** Whether there was a live feed to revoke. */
  async revoke(db: Queryable, owner: FeedOwner, now: Date): Promise<boolean> {
    const [kind, id] = ownerKey(owner);
    const { rowCount } = await db.query(
      `UPDATE calendar_feed SET revoked_at = $3 WHERE owner_kind = $1 AND owner_id = $2 AND revoked_at IS NULL`,
      [kind, id, now],
    );
    return (rowCount ?? 0) > 0;
  }

  /** Whose live feed the token opens, or null for an unknown or revoked one. */
  async ownerOf(db: Queryable, tokenHash: Buffer): Promise<FeedOwner | null> {
    const { rows } = await db.query<{ owner_kind: FeedOwner['kind']; owner_id: string }>(
      `SELECT owner_kind, owner_id FROM calendar_feed WHERE token_hash = $1 AND revoked_at IS NULL`,
      [tokenHash],
    );
    const row = rows[0];
    if (!row) return null;
    return row.owner_kind === 'resource'
      ? { kind: 'resource', resourceId: row.owner_id }
      : { kind: 'customer', customerId: row.owner_id };
  }
}
