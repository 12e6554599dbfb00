import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The provider transaction that paid the booking: what a later refund is made against. */
export class AddPaymentTxn1764000000300 implements MigrationInterface {
  name = 'AddPaymentTxn1764000000300';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE booking ADD COLUMN payment_txn_id text');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE booking DROP COLUMN payment_txn_id');
  }
}
