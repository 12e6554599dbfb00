import type { Pool } from 'pg';
import { OUTBOX_BACKLOG_SQL } from './outbox-sql';

export interface OutboxBacklog {
  waiting: number;
  oldestSeconds: number;
}

export async function readOutboxBacklog(pool: Pool): Promise<OutboxBacklog> {
  const { rows } = await pool.query<{ waiting: number; oldest_seconds: number }>(OUTBOX_BACKLOG_SQL);
  return { waiting: rows[0]!.waiting, oldestSeconds: rows[0]!.oldest_seconds };
}
