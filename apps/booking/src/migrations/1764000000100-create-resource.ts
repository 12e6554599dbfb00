import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateResource1764000000100 implements MigrationInterface {
  name = 'CreateResource1764000000100';

  async up(db: QueryRunner): Promise<void> {
    // Exclusion constraints over (resource_id WITH =, period WITH &&) need btree_gist.
    await db.query('CREATE EXTENSION IF NOT EXISTS btree_gist');
    await db.query(`
      CREATE TABLE resource (
        resource_id           uuid PRIMARY KEY,
        name                  text        NOT NULL,
        kind                  text        NOT NULL,
        city                  text        NOT NULL,
        owner_id              text        NOT NULL,
        time_zone             text        NOT NULL,
        buffer_before_minutes integer     NOT NULL DEFAULT 0 CHECK (buffer_before_minutes >= 0),
        buffer_after_minutes  integer     NOT NULL DEFAULT 0 CHECK (buffer_after_minutes >= 0),
        hold_minutes          integer     NOT NULL DEFAULT 15 CHECK (hold_minutes > 0),
        deposit_amount        bigint      NOT NULL DEFAULT 0 CHECK (deposit_amount >= 0),
        currency              char(3)     NOT NULL,
        business_hours        jsonb,
        slot_minutes          integer CHECK (slot_minutes > 0),
        min_notice_minutes    integer     NOT NULL DEFAULT 0 CHECK (min_notice_minutes >= 0),
        cancellation_policy   jsonb       NOT NULL,
        attributes            jsonb       NOT NULL DEFAULT '{}',
        created_at            timestamptz NOT NULL,
        updated_at            timestamptz NOT NULL
      )`);
    await db.query('CREATE INDEX resource_city_kind ON resource (city, kind, resource_id)');
    await db.query('CREATE INDEX resource_owner ON resource (owner_id)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE resource');
  }
}
