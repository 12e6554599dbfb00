import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddBookingVersion1764000000900 implements MigrationInterface {
  name = 'AddBookingVersion1764000000900';

  async up(db: QueryRunner): Promise<void> {
    // Grows with every change of the row, whichever statement makes it: the events carry it, so
    // consumers tell a newer state from a stale one, and calendars use it as the SEQUENCE.
    await db.query('ALTER TABLE booking ADD COLUMN version integer NOT NULL DEFAULT 1');
    await db.query(`
      CREATE FUNCTION booking_next_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.version := OLD.version + 1;
        RETURN NEW;
      END $$`);
    await db.query(`
      CREATE TRIGGER booking_version BEFORE UPDATE ON booking
        FOR EACH ROW EXECUTE FUNCTION booking_next_version()`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TRIGGER booking_version ON booking');
    await db.query('DROP FUNCTION booking_next_version');
    await db.query('ALTER TABLE booking DROP COLUMN version');
  }
}
