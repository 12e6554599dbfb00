import type { MigrationInterface, QueryRunner } from 'typeorm';

const KINDS = ['confirmation', 'reminder_24h', 'reminder_2h', 'cancellation', 'rescheduled', 'refund'];

export class AddSeriesMessages1764000000700 implements MigrationInterface {
  name = 'AddSeriesMessages1764000000700';

  async up(db: QueryRunner): Promise<void> {
    // A series is announced once, with one invitation, and cancelled once: two kinds of message.
    await this.allowKinds(db, [...KINDS, 'series_confirmation', 'series_cancellation']);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM notification WHERE kind IN ('series_confirmation', 'series_cancellation')`);
    await this.allowKinds(db, KINDS);
  }

  private async allowKinds(db: QueryRunner, kinds: string[]): Promise<void> {
    await db.query('ALTER TABLE notification DROP CONSTRAINT notification_kind_check');
    const list = kinds.map((kind) => `'${kind}'`).join(', ');
    await db.query(
      `ALTER TABLE notification ADD CONSTRAINT notification_kind_check CHECK (kind IN (${list}))`,
    );
  }
}
