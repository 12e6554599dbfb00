import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddBookingTermsStart1764000000800 implements MigrationInterface {
  name = 'AddBookingTermsStart1764000000800';

  async up(db: QueryRunner): Promise<void> {
    // The start a customer's cancel is judged from when a move kept the earlier terms; NULL: the start.
    await db.query('ALTER TABLE booking ADD COLUMN terms_start timestamptz');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE booking DROP COLUMN terms_start');
  }
}
