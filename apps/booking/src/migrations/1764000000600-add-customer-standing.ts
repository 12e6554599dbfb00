import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddCustomerStanding1764000000600 implements MigrationInterface {
  name = 'AddCustomerStanding1764000000600';

  async up(db: QueryRunner): Promise<void> {
    // When the booking counted as a no-show against its customer: a no-show, or a late cancel.
    await db.query('ALTER TABLE booking ADD COLUMN strike_at timestamptz');
    await db.query(
      'CREATE INDEX booking_strikes ON booking (customer_id, strike_at) WHERE strike_at IS NOT NULL',
    );
    // An admin's reset: no-shows before it stop counting.
    await db.query(`
      CREATE TABLE customer_standing (
        customer_id text        PRIMARY KEY,
        reset_at    timestamptz NOT NULL,
        reset_by    text        NOT NULL
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE customer_standing');
    await db.query('ALTER TABLE booking DROP COLUMN strike_at');
  }
}
