import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddWebhookProblem1764000000200 implements MigrationInterface {
  name = 'AddWebhookProblem1764000000200';

  async up(db: QueryRunner): Promise<void> {
    // Why a verified delivery could not be applied (malformed payment data): kept for reconciliation.
    await db.query('ALTER TABLE webhook_delivery ADD COLUMN problem text');
    await db.query(
      'CREATE INDEX webhook_delivery_problems ON webhook_delivery (received_at) WHERE problem IS NOT NULL',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE webhook_delivery DROP COLUMN problem');
  }
}
