import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddPaymentPaidAt1764000000300 implements MigrationInterface {
  name = 'AddPaymentPaidAt1764000000300';

  async up(db: QueryRunner): Promise<void> {
    // When the provider took the money (never after we received it); a hold is judged by it.
    await db.query('ALTER TABLE payment ADD COLUMN paid_at timestamptz');
    await db.query('UPDATE payment SET paid_at = received_at');
    await db.query('ALTER TABLE payment ALTER COLUMN paid_at SET NOT NULL');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE payment DROP COLUMN paid_at');
  }
}
