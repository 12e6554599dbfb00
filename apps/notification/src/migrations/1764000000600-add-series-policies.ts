import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddSeriesPolicies1764000000600 implements MigrationInterface {
  name = 'AddSeriesPolicies1764000000600';

  async up(db: QueryRunner): Promise<void> {
    // Google is given the series from the platform's own expansion, which needs its three
    // policies; series kept before came from events without them, which meant these defaults.
    await db.query(`
      ALTER TABLE notification_series
        ADD COLUMN on_missing_day text NOT NULL DEFAULT 'clamp' CHECK (on_missing_day IN ('clamp', 'skip')),
        ADD COLUMN on_nonexistent text NOT NULL DEFAULT 'reject'
          CHECK (on_nonexistent IN ('reject', 'skip', 'shiftForward')),
        ADD COLUMN disambiguation text NOT NULL DEFAULT 'earlier' CHECK (disambiguation IN ('earlier', 'later'))`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      'ALTER TABLE notification_series DROP COLUMN on_missing_day, DROP COLUMN on_nonexistent, DROP COLUMN disambiguation',
    );
  }
}
