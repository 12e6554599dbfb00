import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddSeriesVersion1764000001100 implements MigrationInterface {
  name = 'AddSeriesVersion1764000001100';

  async up(db: QueryRunner): Promise<void> {
    // As a booking's: raised on every change, carried by series.changed so consumers keep the newest.
    await db.query('ALTER TABLE series ADD COLUMN version integer NOT NULL DEFAULT 1');
    // booking_next_version only reads OLD.version and sets NEW.version: it serves any such table.
    await db.query(
      'CREATE TRIGGER series_version BEFORE UPDATE ON series FOR EACH ROW EXECUTE FUNCTION booking_next_version()',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TRIGGER series_version ON series');
    await db.query('ALTER TABLE series DROP COLUMN version');
  }
}
