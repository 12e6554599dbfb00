import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Every service's outbox (what it has to publish) and inbox (what it has already applied). */
export class CreateOutboxAndInbox1764000000000 implements MigrationInterface {
  name = 'CreateOutboxAndInbox1764000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE outbox (
        id           bigserial PRIMARY KEY,
        event_id     uuid        NOT NULL,
        topic        text        NOT NULL,
        message_key  text        NOT NULL,
        lane         smallint    NOT NULL,
        payload      jsonb       NOT NULL,
        created_at   timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz
      )`);
    // The relay reads each lane's waiting rows in id order.
    await db.query(`CREATE INDEX outbox_waiting ON outbox (lane, id) WHERE published_at IS NULL`);
    // Marking a row published rewrites it into every index; keeping them few keeps the relay fast.
    // Pruning goes by created_at, which never changes, instead of an index on published_at.
    await db.query(`CREATE INDEX outbox_created ON outbox (created_at)`);
    await db.query(`
      CREATE TABLE inbox (
        consumer    text        NOT NULL,
        event_id    text        NOT NULL,
        event_type  text        NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer, event_id)
      )`);
    await db.query(`CREATE INDEX inbox_received ON inbox (received_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE inbox');
    await db.query('DROP TABLE outbox');
  }
}
