import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddSeriesEnded1764000000700 implements MigrationInterface {
  name = 'AddSeriesEnded1764000000700';

  async up(db: QueryRunner): Promise<void> {
    // A COUNT or UNTIL series with every occurrence held: the materialisation job leaves it be.
    await db.query('ALTER TABLE series DROP CONSTRAINT series_status_check');
    await db.query(
      `ALTER TABLE series ADD CONSTRAINT series_status_check CHECK (status IN ('ACTIVE', 'ENDED', 'CANCELLED'))`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`UPDATE series SET status = 'ACTIVE' WHERE status = 'ENDED'`);
    await db.query('ALTER TABLE series DROP CONSTRAINT series_status_check');
    await db.query(
      `ALTER TABLE series ADD CONSTRAINT series_status_check CHECK (status IN ('ACTIVE', 'CANCELLED'))`,
    );
  }
}
