import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddSnapshotVersion1764000000200 implements MigrationInterface {
  name = 'AddSnapshotVersion1764000000200';

  async up(db: QueryRunner): Promise<void> {
    // The booking's version from its events: a stale event never overwrites a newer view, and
    // invitations carry it as their SEQUENCE. 0: a view from before events carried it.
    await db.query('ALTER TABLE notification_booking ADD COLUMN version integer NOT NULL DEFAULT 0');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE notification_booking DROP COLUMN version');
  }
}
