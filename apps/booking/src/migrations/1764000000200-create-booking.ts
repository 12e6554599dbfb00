import type { MigrationInterface, QueryRunner } from 'typeorm';

const ACTIVE = `status IN ('HOLD', 'CONFIRMED', 'IN_PROGRESS')`;

export class CreateBooking1764000000200 implements MigrationInterface {
  name = 'CreateBooking1764000000200';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE booking (
        booking_id       uuid PRIMARY KEY,
        resource_id      uuid        NOT NULL REFERENCES resource (resource_id),
        customer_id      text        NOT NULL,
        status           text        NOT NULL CHECK (status IN
                           ('HOLD', 'CONFIRMED', 'IN_PROGRESS', 'COMPLETED', 'EXPIRED', 'CANCELLED', 'NO_SHOW')),
        period           tstzrange   NOT NULL CHECK (NOT isempty(period) AND lower_inc(period) AND NOT upper_inc(period)),
        blocked          tstzrange   NOT NULL CHECK (blocked @> period),
        time_zone        text        NOT NULL,
        hold_expires_at  timestamptz,
        deposit_amount   bigint      NOT NULL CHECK (deposit_amount >= 0),
        paid_amount      bigint      NOT NULL DEFAULT 0 CHECK (paid_amount >= 0),
        currency         char(3)     NOT NULL,
        refund_amount    bigint,
        refund_status    text CHECK (refund_status IN ('requested', 'succeeded', 'failed')),
        reschedule_count integer     NOT NULL DEFAULT 0,
        series_id        uuid,
        recurrence_id    timestamptz,
        contact          jsonb,
        cancel_reason    text,
        created_at       timestamptz NOT NULL,
        updated_at       timestamptz NOT NULL,
        -- The promise itself: no two active bookings of one resource overlap, widened by buffers.
        CONSTRAINT booking_no_overlap EXCLUDE USING gist (resource_id WITH =, blocked WITH &&) WHERE (${ACTIVE})
      )`);
    await db.query('CREATE INDEX booking_customer ON booking (customer_id, lower(period), booking_id)');
    await db.query('CREATE INDEX booking_resource_start ON booking (resource_id, lower(period), booking_id)');
    await db.query(`CREATE INDEX booking_hold_expiry ON booking (hold_expires_at) WHERE status = 'HOLD'`);
    // The availability search's anti-join probes this (STACK-NOTES: the plan trap).
    await db.query(
      `CREATE INDEX booking_active_blocked ON booking USING gist (blocked) INCLUDE (resource_id) WHERE ${ACTIVE}`,
    );
    await db.query(`
      CREATE TABLE idempotency_key (
        customer_id     text        NOT NULL,
        key             text        NOT NULL,
        fingerprint     text        NOT NULL,
        response_status integer     NOT NULL,
        response_body   jsonb       NOT NULL,
        created_at      timestamptz NOT NULL,
        PRIMARY KEY (customer_id, key)
      )`);
    await db.query('CREATE INDEX idempotency_key_created ON idempotency_key (created_at)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE idempotency_key');
    await db.query('DROP TABLE booking');
  }
}
