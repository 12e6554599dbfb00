import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateNotification1764000000100 implements MigrationInterface {
  name = 'CreateNotification1764000000100';

  async up(db: QueryRunner): Promise<void> {
    // The latest booking.* event's view of each booking: what messages are written from.
    await db.query(`
      CREATE TABLE notification_booking (
        booking_id  text        PRIMARY KEY,
        customer_id text        NOT NULL,
        status      text        NOT NULL,
        start_at    timestamptz NOT NULL,
        end_at      timestamptz NOT NULL,
        time_zone   text        NOT NULL,
        contact     jsonb,
        updated_at  timestamptz NOT NULL
      )`);
    await db.query(`
      CREATE TABLE notification (
        notification_id uuid        PRIMARY KEY,
        booking_id      text        NOT NULL,
        kind            text        NOT NULL CHECK (kind IN
                          ('confirmation', 'reminder_24h', 'reminder_2h', 'cancellation', 'rescheduled', 'refund')),
        channel         text        NOT NULL CHECK (channel IN ('email', 'sms')),
        status          text        NOT NULL CHECK (status IN ('scheduled', 'sending', 'sent', 'cancelled', 'failed')),
        scheduled_for   timestamptz NOT NULL,
        next_attempt_at timestamptz NOT NULL,
        lease_until     timestamptz,
        attempts        integer     NOT NULL DEFAULT 0,
        details         jsonb       NOT NULL DEFAULT '{}',
        subject         text,
        text            text,
        sent_at         timestamptz,
        last_error      text,
        created_at      timestamptz NOT NULL,
        updated_at      timestamptz NOT NULL,
        -- CONTRACT.md: each (booking, kind) is sent at most once, however often events repeat.
        CONSTRAINT notification_once_per_kind UNIQUE (booking_id, kind)
      )`);
    await db.query(
      `CREATE INDEX notification_due ON notification (next_attempt_at) WHERE status = 'scheduled'`,
    );
    await db.query(
      `CREATE INDEX notification_sending ON notification (lease_until) WHERE status = 'sending'`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE notification');
    await db.query('DROP TABLE notification_booking');
  }
}
