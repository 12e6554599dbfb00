import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateRefund1764000000100 implements MigrationInterface {
  name = 'CreateRefund1764000000100';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE refund (
        refund_id          uuid        PRIMARY KEY,
        booking_id         text        NOT NULL,
        txn_id             text        NOT NULL,
        amount             bigint      NOT NULL CHECK (amount > 0),
        currency           char(3)     NOT NULL,
        reason             text        NOT NULL,
        status             text        NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
        attempts           integer     NOT NULL DEFAULT 0,
        next_attempt_at    timestamptz NOT NULL,
        provider_refund_id text,
        last_error         text,
        created_at         timestamptz NOT NULL,
        updated_at         timestamptz NOT NULL,
        -- One refund per payment, however many events ask for it.
        CONSTRAINT refund_one_per_payment UNIQUE (booking_id, txn_id)
      )`);
    await db.query(`CREATE INDEX refund_due ON refund (next_attempt_at) WHERE status = 'pending'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE refund');
  }
}
