import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateCalendarFeed1764000001000 implements MigrationInterface {
  name = 'CreateCalendarFeed1764000001000';

  async up(db: QueryRunner): Promise<void> {
    // A feed URL is a secret capability: only its SHA-256 is kept, so a leaked table opens no feed.
    await db.query(`
      CREATE TABLE calendar_feed (
        feed_id    uuid        PRIMARY KEY,
        token_hash bytea       NOT NULL UNIQUE,
        owner_kind text        NOT NULL CHECK (owner_kind IN ('resource', 'customer')),
        owner_id   text        NOT NULL,
        created_by text        NOT NULL,
        created_at timestamptz NOT NULL,
        revoked_at timestamptz
      )`);
    // One live feed per owner: making a new one revokes the old.
    await db.query(
      `CREATE UNIQUE INDEX calendar_feed_live ON calendar_feed (owner_kind, owner_id) WHERE revoked_at IS NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE calendar_feed');
  }
}
