import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddSeriesSync1764000000400 implements MigrationInterface {
  name = 'AddSeriesSync1764000000400';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      'ALTER TABLE notification_booking ADD COLUMN series_id text, ADD COLUMN recurrence_id timestamptz',
    );
    await db.query(
      'CREATE INDEX notification_booking_series ON notification_booking (series_id) WHERE series_id IS NOT NULL',
    );
    // The latest series.changed of each series: what its recurring calendar event is drawn from.
    await db.query(`
      CREATE TABLE notification_series (
        series_id             text        PRIMARY KEY,
        resource_id           text        NOT NULL,
        status                text        NOT NULL,
        rrule                 text        NOT NULL,
        time_zone             text        NOT NULL,
        start_local           text        NOT NULL,
        end_local             text        NOT NULL,
        cancelled_recurrences jsonb       NOT NULL,
        conflict_recurrences  jsonb       NOT NULL,
        version               integer     NOT NULL,
        updated_at            timestamptz NOT NULL
      )`);
    // A calendar entry is a booking's event or a series' recurring event (with its exceptions).
    await db.query('ALTER TABLE calendar_sync RENAME COLUMN booking_id TO entry_key');
    await db.query(
      `ALTER TABLE calendar_sync ADD COLUMN kind text NOT NULL DEFAULT 'booking' CHECK (kind IN ('booking', 'series'))`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE calendar_sync DROP COLUMN kind');
    await db.query('ALTER TABLE calendar_sync RENAME COLUMN entry_key TO booking_id');
    await db.query('DROP TABLE notification_series');
    await db.query('ALTER TABLE notification_booking DROP COLUMN series_id, DROP COLUMN recurrence_id');
  }
}
