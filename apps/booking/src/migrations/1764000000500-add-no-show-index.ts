import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddNoShowIndex1764000000500 implements MigrationInterface {
  name = 'AddNoShowIndex1764000000500';

  async up(db: QueryRunner): Promise<void> {
    // The no-show job's scan: confirmed bookings by start. Partial, so holds never enter it.
    await db.query(
      `CREATE INDEX booking_confirmed_start ON booking (lower(period)) WHERE status = 'CONFIRMED'`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX booking_confirmed_start');
  }
}
