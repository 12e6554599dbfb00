import { setTimeout as sleep } from 'node:timers/promises';
import { Client, type Pool } from 'pg';
import type { MessagePublisher, OutgoingMessage } from '@booking/kafka';
import { retryDelayMs } from '@booking/time';
import { OUTBOX_LANES } from './lanes';
import { LANE_LOCK_NAMESPACE, OUTBOX_CHANNEL } from './outbox-sql';

export interface OutboxRelaySettings {
  pool: Pool;
  /** For the LISTEN connection, which must not come from (and hold a place in) the pool. */
  databaseUrl: string;
  publisher: MessagePublisher;
  /** After a batch is published and marked so: the CloudEvents it carried, as sent. */
  onPublished?: (payloads: readonly string[]) => void;
  batchSize?: number;
  /** Polling covers notifications lost while no listener was connected. */
  pollIntervalMs?: number;
  /**
   * How long a notification waits before the drain starts, so that commits arriving together
   * leave in one batch: fewer relay transactions per event under load, a few ms more latency.
   */
  coalesceMs?: number;
  /**
   * Drains start at most this often while notifications keep coming: under load each drain
   * carries many events, instead of a relay transaction per committed event.
   */
  minDrainIntervalMs?: number;
  /**
   * A drain that sent at least this many events means commits are coming faster than drains:
   * the relay then takes (or renews) the quiet lease, stops listening and drains every
   * `minDrainIntervalMs` until the lease has run out. While it runs, writers send no NOTIFY:
   * under load that saves PostgreSQL a serialized commit and this process a wake-up per event,
   * for events the next drain takes anyway.
   */
  busyDrainSize?: number;
  /** How long a busy drain's lease runs; each busy drain renews it. */
  quietLeaseMs?: number;
  /** How long `start` waits for the publisher's session before it goes on without one. */
  connectWaitMs?: number;
  /** Batches in flight at once; at most the pool's size. */
  concurrency?: number;
  retentionMs?: number;
  pruneIntervalMs?: number;
  onError?: (error: unknown) => void;
}

interface OutboxRow {
  id: string;
  lane: number;
  topic: string;
  message_key: string;
  payload: string;
}

/**
 * Publishes committed outbox rows and marks them published. Any number of relays may run: a
 * batch is taken only from lanes its transaction holds an advisory lock on, so a key's events
 * leave in id order from one relay at a time. The mark happens after Kafka acknowledged, in the same transaction
 * that read the rows: a crash in between leaves them unmarked and they are sent again, which
 * consumers tolerate (at-least-once). Nothing is ever marked that was not acknowledged.
 */
export class OutboxRelay {
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly concurrency: number;
  private readonly retentionMs: number;
  private readonly pruneIntervalMs: number;
  private readonly coalesceMs: number;
  private readonly minDrainIntervalMs: number;
  private readonly busyDrainSize: number;
  private readonly quietLeaseMs: number;
  private readonly connectWaitMs: number;
  /** When the lease this relay last took runs out, by `performance.now()` (0: never took one). */
  private quietUntil = 0;
  private listening = false;
  private wakeTimer: NodeJS.Timeout | undefined;
  private lastDrainAt = 0;
  private listener: Client | undefined;
  private timers: NodeJS.Timeout[] = [];
  private running = false;
  private stopping = false;
  private draining: Promise<void> | undefined;
  private drainAgain = false;
  private failures = 0;

  constructor(private readonly settings: OutboxRelaySettings) {
    this.batchSize = settings.batchSize ?? 500;
    this.pollIntervalMs = settings.pollIntervalMs ?? 1_000;
    this.concurrency = Math.max(1, settings.concurrency ?? 4);
    this.retentionMs = settings.retentionMs ?? 7 * 24 * 3_600_000;
    this.pruneIntervalMs = settings.pruneIntervalMs ?? 3_600_000;
    this.coalesceMs = settings.coalesceMs ?? 5;
    this.minDrainIntervalMs = settings.minDrainIntervalMs ?? 20;
    this.busyDrainSize = settings.busyDrainSize ?? 5;
    this.quietLeaseMs = settings.quietLeaseMs ?? 250;
    this.connectWaitMs = settings.connectWaitMs ?? 5_000;
  }

  async start(): Promise<void> {
    this.running = true;
    // The first event after a start would otherwise wait for the producer's handshake (420 ms
    // against a broker just started, for its producer id). Kafka away only delays the start.
    const connected = this.settings.publisher.connect().catch((error: unknown) => this.report(error));
    await Promise.race([connected, sleep(this.connectWaitMs, undefined, { ref: false })]);
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
    this.stopping = true;
    this.timers.forEach(clearInterval);
    clearTimeout(this.wakeTimer);
    this.timers = [];
    await this.draining;
    // Ending a lease early only makes writers notify again, whoever took it.
    if (performance.now() < this.quietUntil) {
      await this.settings.pool
        .query(`UPDATE outbox_quiet SET until = '-infinity'`)
        .catch((error: unknown) => this.report(error));
    }
    await this.listener?.end().catch(() => undefined);
    this.listener = undefined;
  }

  /**
   * Publishes everything that is waiting now; resolves with the number of events sent. Under light
   * load that is one transaction over every lane with rows; when it finds a backlog, the workers
   * share the lanes between them until no lane with rows is left free for them.
   */
  async drainOnce(): Promise<number> {
    const first = await this.publishNextBatch(OUTBOX_LANES);
    let sent = first.sent;
    if (!first.backlog) return sent;
    const worker = async () => {
      for (let more = true; more && !this.stopping;) {
        const batch = await this.publishNextBatch(Math.max(1, Math.floor(OUTBOX_LANES / this.concurrency)));
        sent += batch.sent;
        more = batch.lanes > 0;
      }
    };
    await Promise.all(Array.from({ length: this.concurrency }, worker));
    return sent;
  }

  async prune(): Promise<number> {
    const result = await this.settings.pool.query(
      `DELETE FROM outbox WHERE created_at < now() - make_interval(secs => $1) AND published_at IS NOT NULL`,
      [this.retentionMs / 1000],
    );
    return result.rowCount ?? 0;
  }

  private wakeSoon(): void {
    if (this.wakeTimer || !this.running) return;
    const delay = Math.max(this.coalesceMs, this.lastDrainAt + this.minDrainIntervalMs - Date.now());
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = undefined;
      this.wake();
    }, delay);
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

  /**
   * One drain; notifications that came meanwhile schedule the next, no sooner than the minimum
   * interval. A busy drain renews the quiet lease; while it runs (and for a grace after, for
   * transactions that read it and commit later) the relay schedules drains itself, with
   * notifications off. Then it listens again and drains once more, for commits made before
   * LISTEN took effect.
   */
  private async drainUntilIdle(): Promise<void> {
    this.drainAgain = false;
    this.lastDrainAt = Date.now();
    let sent: number;
    try {
      sent = await this.drainOnce();
      this.failures = 0;
    } catch (error) {
      this.report(error);
      this.failures += 1;
      // The broker or the database is away: back off instead of spinning, the poll resumes us.
      await sleep(retryDelayMs(this.failures, { baseMs: 200, maxMs: 5_000 }, Math.random()));
      return;
    }
    if (sent >= this.busyDrainSize) await this.renewQuietLease();
    const quiet = performance.now() < this.quietUntil + QUIET_GRACE_MS;
    if (quiet && this.listening) await this.setListening(false);
    const resumed = !quiet && !this.listening && (await this.setListening(true));
    if (quiet || resumed || this.drainAgain) queueMicrotask(() => this.wakeSoon());
  }

  /**
   * Writers skip their NOTIFY until the lease's end. Its end by this clock is taken after
   * PostgreSQL's, so the relay never stops draining before writers start notifying again.
   */
  private async renewQuietLease(): Promise<void> {
    try {
      await this.settings.pool.query(
        `UPDATE outbox_quiet SET until = clock_timestamp() + make_interval(secs => $1)`,
        [this.quietLeaseMs / 1000],
      );
      this.quietUntil = performance.now() + this.quietLeaseMs;
    } catch (error) {
      this.report(error);
    }
  }

  /** True when it changed; without a listener (reconnecting) nothing changes, the poll covers. */
  private async setListening(on: boolean): Promise<boolean> {
    const listener = this.listener;
    if (!listener) return false;
    try {
      await listener.query(on ? `LISTEN ${OUTBOX_CHANNEL}` : `UNLISTEN ${OUTBOX_CHANNEL}`);
      this.listening = on;
      return true;
    } catch (error) {
      // The listener's own error handler reconnects it, and LISTENs again.
      this.report(error);
      return false;
    }
  }

  /**
   * One transaction: lock up to `maxLanes` lanes that have rows waiting and that no other
   * transaction holds, send their oldest rows in one batch, mark them, commit (which frees the
   * lanes). `backlog` says that rows may be left: a lane gave its full share, or every lane asked
   * for was taken. Two database round trips in all: `BEGIN` travels with the claim, the mark
   * with `COMMIT` (the simple protocol allows several statements; every value written into them
   * is an integer this code chose or read back from the table).
   */
  private async publishNextBatch(
    maxLanes: number,
  ): Promise<{ sent: number; lanes: number; backlog: boolean }> {
    const client = await this.settings.pool.connect();
    try {
      const [, claimed] = (await client.query(`BEGIN; ${claimSql(maxLanes, this.batchSize)}`)) as unknown as [
        unknown,
        { rows: (Omit<OutboxRow, 'id'> & { id: string | null })[] },
      ];
      const rows = claimed.rows.filter((row): row is OutboxRow => row.id !== null);
      const lanes = new Set(claimed.rows.map((row) => row.lane));
      const share = Math.max(1, Math.ceil(this.batchSize / Math.max(1, lanes.size)));
      if (rows.length > 0) await this.settings.publisher.publish(rows.map(toMessage));
      const ids = rows.map((row) => row.id);
      if (!ids.every((id) => /^\d+$/.test(id))) throw new Error('outbox ids must be integers');
      await client.query(
        ids.length === 0
          ? 'COMMIT'
          : `UPDATE outbox SET published_at = clock_timestamp() WHERE id = ANY('{${ids.join(',')}}'::bigint[]); COMMIT`,
      );
      if (rows.length > 0) this.settings.onPublished?.(rows.map((row) => row.payload));
      const fullLane = [...lanes].some((lane) => rows.filter((row) => row.lane === lane).length === share);
      return { sent: rows.length, lanes: lanes.size, backlog: fullLane || lanes.size === maxLanes };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  private async listen(): Promise<void> {
    const listener = new Client({ connectionString: this.settings.databaseUrl });
    listener.on('notification', () => this.wakeSoon());
    listener.on('error', (error) => {
      this.report(error);
      this.reconnectListener(listener);
    });
    listener.on('end', () => this.reconnectListener(listener));
    try {
      await listener.connect();
      await listener.query(`LISTEN ${OUTBOX_CHANNEL}`);
      this.listener = listener;
      this.listening = true;
    } catch (error) {
      this.report(error);
      this.reconnectListener(listener);
    }
  }

  private reconnectListener(old: Client): void {
    if (!this.running || (this.listener !== old && this.listener !== undefined)) return;
    this.listener = undefined;
    this.listening = false;
    old.removeAllListeners();
    void old.end().catch(() => undefined);
    const timer = setTimeout(() => void this.listen(), 1_000);
    this.timers.push(timer);
  }

  private report(error: unknown): void {
    this.settings.onError?.(error);
  }
}

/**
 * Locks (transaction-level advisory locks) up to `maxLanes` of the lanes that have rows waiting,
 * in random order so relays spread over them, and reads each locked lane's oldest rows: an equal
 * share of `batchSize` per lane taken.
 * A locked lane whose rows are gone meanwhile still yields one row, with a null id, so the
 * caller knows it held it. MATERIALIZED keeps the planner from re-running the lock per row.
 */
function claimSql(maxLanes: number, batchSize: number): string {
  const lanes = Math.trunc(OUTBOX_LANES);
  return `WITH waiting AS MATERIALIZED (
      SELECT c.lane FROM (SELECT lane FROM generate_series(0, ${lanes - 1}) AS lane ORDER BY random()) AS c
       WHERE EXISTS (SELECT 1 FROM outbox o WHERE o.lane = c.lane AND o.published_at IS NULL)),
    locked AS MATERIALIZED (
      SELECT lane FROM waiting WHERE pg_try_advisory_xact_lock(${LANE_LOCK_NAMESPACE}, lane) LIMIT ${Math.trunc(maxLanes)})
    SELECT o.id, l.lane, o.topic, o.message_key, o.payload FROM locked AS l
      LEFT JOIN LATERAL (
        SELECT id, topic, message_key, payload::text AS payload FROM outbox
         WHERE lane = l.lane AND published_at IS NULL
         ORDER BY id LIMIT GREATEST(1, ceil(${Math.trunc(batchSize)}::numeric / (SELECT count(*) FROM locked)))
         FOR UPDATE SKIP LOCKED) AS o ON TRUE
     ORDER BY l.lane, o.id`;
}

function toMessage(row: OutboxRow): OutgoingMessage {
  return { topic: row.topic, key: row.message_key, value: row.payload };
}

/**
 * Drains on the clock go on this long after the lease, for a writer that read the lease just
 * before its end and commits a little later; one that commits later still waits for the next
 * notification or poll.
 */
const QUIET_GRACE_MS = 100;
