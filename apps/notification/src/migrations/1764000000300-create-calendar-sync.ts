import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateCalendarSync1764000000300 implements MigrationInterface {
  name = 'CreateCalendarSync1764000000300';

  async up(db: QueryRunner): Promise<void> {
    // Which resource's calendar a booking belongs in; NULL for views from before events were read for it.
    await db.query('ALTER TABLE notification_booking ADD COLUMN resource_id text');
    await db.query(
      'CREATE INDEX notification_booking_resource ON notification_booking (resource_id, end_at)',
    );
    // One Google calendar per resource. The refresh token is AES-256-GCM ciphertext under key `token_key_id`.
    await db.query(`
      CREATE TABLE calendar_connection (
        resource_id      text        PRIMARY KEY,
        status           text        NOT NULL CHECK (status IN ('connected', 'error')),
        calendar_id      text        NOT NULL,
        connected_by     text        NOT NULL,
        token_key_id     text        NOT NULL,
        token_iv         bytea       NOT NULL,
        token_ciphertext bytea       NOT NULL,
        token_tag        bytea       NOT NULL,
        last_synced_at   timestamptz,
        last_error       text,
        created_at       timestamptz NOT NULL,
        updated_at       timestamptz NOT NULL
      )`);
    // A consent in progress: single use, short-lived, bound to who asked. Only the state's hash is kept.
    await db.query(`
      CREATE TABLE calendar_oauth_state (
        state_hash    bytea       PRIMARY KEY,
        resource_id   text        NOT NULL,
        requested_by  text        NOT NULL,
        code_verifier text        NOT NULL,
        expires_at    timestamptz NOT NULL
      )`);
    // The desired state per booking (its version) and what was last applied to the calendar.
    await db.query(`
      CREATE TABLE calendar_sync (
        booking_id      text        PRIMARY KEY,
        resource_id     text        NOT NULL,
        version         integer     NOT NULL,
        synced_version  integer,
        next_attempt_at timestamptz NOT NULL,
        lease_until     timestamptz,
        attempts        integer     NOT NULL DEFAULT 0,
        last_error      text,
        updated_at      timestamptz NOT NULL
      )`);
    await db.query(
      `CREATE INDEX calendar_sync_due ON calendar_sync (next_attempt_at) WHERE synced_version IS DISTINCT FROM version`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE calendar_sync');
    await db.query('DROP TABLE calendar_oauth_state');
    await db.query('DROP TABLE calendar_connection');
    await db.query('ALTER TABLE notification_booking DROP COLUMN resource_id');
  }
}
