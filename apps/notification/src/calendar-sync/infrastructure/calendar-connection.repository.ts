import { Injectable } from '@nestjs/common';
import type { Queryable, TransactionClient } from '@booking/db';
import type { CalendarConnection } from '../domain/calendar-connection';
import type { SealedToken } from '../application/ports/token-cipher';
import {
  CalendarConnectionRepository,
  type PendingConsent,
} from '../application/ports/calendar-connection.repository';

interface ConnectionRow {
  resource_id: string;
  status: CalendarConnection['status'];
  calendar_id: string;
  connected_by: string;
  last_synced_at: Date | null;
  last_error: string | null;
  created_at: Date;
  token_key_id: string;
  token_iv: Buffer;
  token_ciphertext: Buffer;
  token_tag: Buffer;
}

const toConnection = (row: ConnectionRow): CalendarConnection & { token: SealedToken } => ({
  resourceId: row.resource_id,
  status: row.status,
  calendarId: row.calendar_id,
  connectedBy: row.connected_by,
  lastSyncedAt: row.last_synced_at,
  lastError: row.last_error,
  createdAt: row.created_at,
  token: { keyId: row.token_key_id, iv: row.token_iv, ciphertext: row.token_ciphertext, tag: row.token_tag },
});

/** Connections with their sealed refresh tokens, and the consents on their way. */
@Injectable()
export class PgCalendarConnectionRepository implements CalendarConnectionRepository {
  async savePendingConsent(
    db: Queryable,
    stateHash: Buffer,
    consent: PendingConsent,
    expiresAt: Date,
    now: Date,
  ) {
    await db.query('DELETE FROM calendar_oauth_state WHERE expires_at <= $1', [now]);
    await db.query(
      `INSERT INTO calendar_oauth_state (state_hash, resource_id, requested_by, code_verifier, expires_at)
       VALUES ($1, $2, $3, $4, $5)`,
      [stateHash, consent.resourceId, consent.requestedBy, consent.codeVerifier, expiresAt],
    );
  }

  /** Single use: the consent is gone once taken, and an expired one is never returned. */
  async takePendingConsent(db: Queryable, stateHash: Buffer, now: Date): Promise<PendingConsent | null> {
    const { rows } = await db.query<{ resource_id: string; requested_by: string; code_verifier: string }>(
      `DELETE FROM calendar_oauth_state WHERE state_hash = $1 AND expires_at > $2
       RETURNING resource_id, requested_by, code_verifier`,
      [stateHash, now],
    );
    const row = rows[0];
    return row
      ? { resourceId: row.resource_id, requestedBy: row.requested_by, codeVerifier: row.code_verifier }
      : null;
  }

  async saveConnected(
    tx: TransactionClient,
    connection: { resourceId: string; calendarId: string; connectedBy: string; token: SealedToken },
    now: Date,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO calendar_connection (resource_id, status, calendar_id, connected_by, token_key_id, token_iv,
         token_ciphertext, token_tag, created_at, updated_at)
       VALUES ($1, 'connected', $2, $3, $4, $5, $6, $7, $8, $8)
       ON CONFLICT (resource_id) DO UPDATE SET status = 'connected', calendar_id = EXCLUDED.calendar_id,
         connected_by = EXCLUDED.connected_by, token_key_id = EXCLUDED.token_key_id, token_iv = EXCLUDED.token_iv,
         token_ciphertext = EXCLUDED.token_ciphertext, token_tag = EXCLUDED.token_tag, last_error = NULL,
         created_at = EXCLUDED.created_at, updated_at = EXCLUDED.updated_at`,
      [
        connection.resourceId,
        connection.calendarId,
        connection.connectedBy,
        connection.token.keyId,
        connection.token.iv,
        connection.token.ciphertext,
        connection.token.tag,
        now,
      ],
    );
  }

  async find(
    db: Queryable,
    resourceId: string,
  ): Promise<(CalendarConnection & { token: SealedToken }) | null> {
    const { rows } = await db.query<ConnectionRow>(
      'SELECT * FROM calendar_connection WHERE resource_id = $1',
      [resourceId],
    );
    return rows[0] ? toConnection(rows[0]) : null;
  }

  /** Removes the connection; resolves with what it was, to revoke its token. */
  async remove(
    tx: TransactionClient,
    resourceId: string,
  ): Promise<(CalendarConnection & { token: SealedToken }) | null> {
    const { rows } = await tx.query<ConnectionRow>(
      'DELETE FROM calendar_connection WHERE resource_id = $1 RETURNING *',
      [resourceId],
    );
    return rows[0] ? toConnection(rows[0]) : null;
  }

  /** Replaces the sealed token only if it is still the one read: a reconnect meanwhile wins. */
  async resealToken(db: Queryable, resourceId: string, read: SealedToken, token: SealedToken, now: Date) {
    await db.query(
      `UPDATE calendar_connection SET token_key_id = $3, token_iv = $4, token_ciphertext = $5, token_tag = $6,
         updated_at = $7
        WHERE resource_id = $1 AND token_iv = $2`,
      [resourceId, read.iv, token.keyId, token.iv, token.ciphertext, token.tag, now],
    );
  }

  async markSynced(db: Queryable, resourceId: string, now: Date): Promise<void> {
    await db.query(
      'UPDATE calendar_connection SET last_synced_at = $2, updated_at = $2 WHERE resource_id = $1',
      [resourceId, now],
    );
  }

  /** `revoked`: the connection stops syncing until it is made again; otherwise only the error is shown. */
  async recordError(
    db: Queryable,
    resourceId: string,
    error: string,
    revoked: boolean,
    now: Date,
  ): Promise<void> {
    await db.query(
      `UPDATE calendar_connection SET last_error = $2, updated_at = $3,
         status = CASE WHEN $4 THEN 'error' ELSE status END
        WHERE resource_id = $1`,
      [resourceId, error, now, revoked],
    );
  }
}
