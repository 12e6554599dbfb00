import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddCalendarSequence1764000000500 implements MigrationInterface {
  name = 'AddCalendarSequence1764000000500';

  async up(db: QueryRunner): Promise<void> {
    // Invitations carry the booking's calendar sequence (moves, plus one once cancelled), as the
    // feeds do, not its version, which a refund also raises. Views kept before: their version.
    await db.query('ALTER TABLE notification_booking ADD COLUMN calendar_sequence integer');
    await db.query('UPDATE notification_booking SET calendar_sequence = version');
    await db.query('ALTER TABLE notification_booking ALTER COLUMN calendar_sequence SET NOT NULL');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE notification_booking DROP COLUMN calendar_sequence');
  }
}
