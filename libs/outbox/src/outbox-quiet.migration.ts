import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The relays' quiet lease: while it runs, a relay is draining on its own clock and writers skip
 * their NOTIFY. One row; `-infinity` is no lease.
 */
export class AddOutboxQuietLease1764000001000 implements MigrationInterface {
  name = 'AddOutboxQuietLease1764000001000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE outbox_quiet (
        only_row boolean     PRIMARY KEY DEFAULT true CHECK (only_row),
        until    timestamptz NOT NULL
      )`);
    await db.query(`INSERT INTO outbox_quiet (until) VALUES ('-infinity')`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE outbox_quiet');
  }
}
