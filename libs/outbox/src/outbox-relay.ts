import { Client, type Pool } from 'pg';
import type { MessagePublisher, OutgoingMessage } from '@booking/kafka';
import { OUTBOX_LANES } from './lanes';
import { LANE_LOCK_NAMESPACE, OUTBOX_CHANNEL } from './outbox-sql';

export interface OutboxRelaySettings {
  pool: Pool;
  /** For the LISTEN connection, which must not come from (and hold a place in) the pool. */
  databaseUrl: string;
  publisher: MessagePublisher;
  batchSize?: number;
  /** Polling covers notifications lost while no listener was connected. */
  pollIntervalMs?: number;
  /** Lanes drained at once; at most the pool's size. */
  concurrency?: number;
  retentionMs?: number;
  pruneIntervalMs?: number;
  onError?: (error: unknown) => void;
}

interface OutboxRow {
  id: string;
  topic: string;
  message_key: string;
  payload: string;
}

/**
 * Publishes committed outbox rows and marks them published. Any number of relays may run: each
 * lane is drained under a transaction-level advisory lock, so a key's events leave in id order
 * from one relay at a time. The mark happens after Kafka acknowledged, in the same transaction
 * that read the rows: a crash in between leaves them unmarked and they are sent again, which
 * consumers tolerate (at-least-once). Nothing is ever marked that was not acknowledged.
 */
export class OutboxRelay {
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly concurrency: number;
  private readonly retentionMs: number;
  private readonly pruneIntervalMs: number;
  private listener: Client | undefined;
  private timers: NodeJS.Timeout[] = [];
  private running = false;
  private draining: Promise<void> | undefined;
  private drainAgain = false;
  private failures = 0;

  constructor(private readonly settings: OutboxRelaySettings) {
    this.batchSize = settings.batchSize ?? 500;
    this.pollIntervalMs = settings.pollIntervalMs ?? 1_000;
    this.concurrency = Math.max(1, settings.concurrency ?? 4);
    this.retentionMs = settings.retentionMs ?? 7 * 24 * 3_600_000;
    this.pruneIntervalMs = settings.pruneIntervalMs ?? 3_600_000;
  }

  async start(): Promise<void> {
    this.running = true;
    await this.listen();
    this.timers.push(setInterval(() => this.wake(), this.pollIntervalMs));
    this.timers.push(
      setInterval(() => void this.prune().catch((error) => this.report(error)), this.pruneIntervalMs),
    );
    this.wake();
  }

  /** Stops taking new work and waits for the batch in flight, so nothing is left half-sent. */
  async stop(): Promise<void> {
    this.running = false;
    this.timers.forEach(clearInterval);
    this.timers = [];
    await this.draining;
    await this.listener?.end().catch(() => undefined);
    this.listener = undefined;
  }

  /** Publishes everything that is waiting now; resolves with the number of events sent. */
  async drainOnce(): Promise<number> {
    let sent = 0;
    const lanes = shuffled(Array.from({ length: OUTBOX_LANES }, (_, lane) => lane));
    const next = () => lanes.shift();
    const worker = async () => {
      for (let lane = next(); lane !== undefined; lane = next()) {
        let batch: number;
        do {
          batch = await this.publishBatch(lane);
          sent += batch;
        } while (batch === this.batchSize && this.running);
      }
    };
    await Promise.all(Array.from({ length: this.concurrency }, worker));
    return sent;
  }

  async prune(): Promise<number> {
    const result = await this.settings.pool.query(
      `DELETE FROM outbox WHERE published_at IS NOT NULL AND published_at < now() - make_interval(secs => $1)`,
      [this.retentionMs / 1000],
    );
    return result.rowCount ?? 0;
  }

  private wake(): void {
    if (!this.running) return;
    if (this.draining) {
      this.drainAgain = true;
      return;
    }
    this.draining = this.drainUntilIdle().finally(() => {
      this.draining = undefined;
    });
  }

  private async drainUntilIdle(): Promise<void> {
    do {
      this.drainAgain = false;
      try {
        await this.drainOnce();
        this.failures = 0;
      } catch (error) {
        this.report(error);
        this.failures += 1;
        // The broker or the database is away: back off instead of spinning, the poll resumes us.
        await sleep(Math.min(5_000, 100 * 2 ** Math.min(this.failures, 6)));
        return;
      }
    } while (this.drainAgain && this.running);
  }

  private async publishBatch(lane: number): Promise<number> {
    const client = await this.settings.pool.connect();
    try {
      await client.query('BEGIN');
      const locked = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1, $2) AS ok', [
        LANE_LOCK_NAMESPACE,
        lane,
      ]);
      if (!locked.rows[0]?.ok) {
        await client.query('ROLLBACK');
        return 0;
      }
      const { rows } = await client.query<OutboxRow>(
        `SELECT id, topic, message_key, payload::text AS payload FROM outbox
          WHERE lane = $1 AND published_at IS NULL
          ORDER BY id LIMIT $2
          FOR UPDATE SKIP LOCKED`,
        [lane, this.batchSize],
      );
      if (rows.length > 0) {
        await this.settings.publisher.publish(rows.map(toMessage));
        await client.query('UPDATE outbox SET published_at = now() WHERE id = ANY($1::bigint[])', [
          rows.map((row) => row.id),
        ]);
      }
      await client.query('COMMIT');
      return rows.length;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  private async listen(): Promise<void> {
    const listener = new Client({ connectionString: this.settings.databaseUrl });
    listener.on('notification', () => this.wake());
    listener.on('error', (error) => {
      this.report(error);
      this.reconnectListener(listener);
    });
    listener.on('end', () => this.reconnectListener(listener));
    try {
      await listener.connect();
      await listener.query(`LISTEN ${OUTBOX_CHANNEL}`);
      this.listener = listener;
    } catch (error) {
      this.report(error);
      this.reconnectListener(listener);
    }
  }

  private reconnectListener(old: Client): void {
    if (!this.running || (this.listener !== old && this.listener !== undefined)) return;
    this.listener = undefined;
    old.removeAllListeners();
    void old.end().catch(() => undefined);
    const timer = setTimeout(() => void this.listen(), 1_000);
    this.timers.push(timer);
  }

  private report(error: unknown): void {
    this.settings.onError?.(error);
  }
}

function toMessage(row: OutboxRow): OutgoingMessage {
  return { topic: row.topic, key: row.message_key, value: row.payload };
}

function shuffled<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
