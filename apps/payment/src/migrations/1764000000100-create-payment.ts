import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreatePayment1764000000100 implements MigrationInterface {
  name = 'CreatePayment1764000000100';

  async up(db: QueryRunner): Promise<void> {
    // One row per provider transaction, however many deliveries report it.
    await db.query(`
      CREATE TABLE payment (
        txn_id      text        PRIMARY KEY,
        booking_id  text        NOT NULL,
        amount      bigint      NOT NULL CHECK (amount >= 0),
        currency    char(3)     NOT NULL,
        webhook_id  text        NOT NULL,
        received_at timestamptz NOT NULL
      )`);
    await db.query('CREATE INDEX payment_booking ON payment (booking_id)');
    // Every verified delivery, once per webhook-id: what the provider sent, for support and replay.
    await db.query(`
      CREATE TABLE webhook_delivery (
        webhook_id  text        PRIMARY KEY,
        event_type  text        NOT NULL,
        payload     jsonb       NOT NULL,
        received_at timestamptz NOT NULL
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE webhook_delivery');
    await db.query('DROP TABLE payment');
  }
}
