import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddResourceHoldLimit1764000001300 implements MigrationInterface {
  name = 'AddResourceHoldLimit1764000001300';

  async up(db: QueryRunner): Promise<void> {
    // Which of a resource's bookings count against a customer's hold limit; before, every one did.
    await db.query(`ALTER TABLE resource ADD COLUMN hold_limit text NOT NULL DEFAULT 'deposit'
      CHECK (hold_limit IN ('deposit', 'all', 'none'))`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE resource DROP COLUMN hold_limit');
  }
}
