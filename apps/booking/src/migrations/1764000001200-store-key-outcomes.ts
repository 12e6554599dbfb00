import type { MigrationInterface, QueryRunner } from 'typeorm';

export class StoreKeyOutcomes1764000001200 implements MigrationInterface {
  name = 'StoreKeyOutcomes1764000001200';

  async up(db: QueryRunner): Promise<void> {
    // A key now keeps the use case's outcome, not an HTTP response. Keys live 24 h and an old
    // row cannot be turned into an outcome, so they are forgotten: such a retry is a new request.
    await db.query('DELETE FROM idempotency_key');
    await db.query('ALTER TABLE idempotency_key DROP COLUMN response_status');
    await db.query('ALTER TABLE idempotency_key RENAME COLUMN response_body TO outcome');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DELETE FROM idempotency_key');
    await db.query('ALTER TABLE idempotency_key RENAME COLUMN outcome TO response_body');
    await db.query('ALTER TABLE idempotency_key ADD COLUMN response_status integer NOT NULL');
  }
}
