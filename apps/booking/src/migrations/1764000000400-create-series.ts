import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateSeries1764000000400 implements MigrationInterface {
  name = 'CreateSeries1764000000400';

  async up(db: QueryRunner): Promise<void> {
    // The rule and its wall-clock times as given: occurrences are computed from these, never stored as UTC.
    await db.query(`
      CREATE TABLE series (
        series_id              uuid        PRIMARY KEY,
        resource_id            uuid        NOT NULL REFERENCES resource (resource_id),
        customer_id            text        NOT NULL,
        rrule                  text        NOT NULL,
        time_zone              text        NOT NULL,
        start_wall             text        NOT NULL,
        end_wall               text        NOT NULL,
        on_missing_day         text        NOT NULL CHECK (on_missing_day IN ('clamp', 'skip')),
        on_nonexistent         text        NOT NULL CHECK (on_nonexistent IN ('reject', 'skip', 'shiftForward')),
        disambiguation         text        NOT NULL CHECK (disambiguation IN ('earlier', 'later')),
        status                 text        NOT NULL CHECK (status IN ('ACTIVE', 'CANCELLED')),
        held_until             timestamptz NOT NULL,
        cancelled_recurrences  jsonb       NOT NULL DEFAULT '[]',
        conflicts              jsonb       NOT NULL DEFAULT '[]',
        contact                jsonb,
        created_at             timestamptz NOT NULL,
        updated_at             timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX series_due ON series (held_until) WHERE status = 'ACTIVE'`);
    // One booking per occurrence, however often the job runs.
    await db.query(
      'CREATE UNIQUE INDEX booking_series_occurrence ON booking (series_id, recurrence_id) WHERE series_id IS NOT NULL',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX booking_series_occurrence');
    await db.query('DROP TABLE series');
  }
}
