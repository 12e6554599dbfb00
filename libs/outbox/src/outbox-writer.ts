import { randomUUID } from 'node:crypto';
import { toCloudEvent, type CloudEvent, type NewEvent } from '@booking/contracts';
import type { TransactionClient } from '@booking/db';
import { laneOf } from './lanes';
import { OUTBOX_CHANNEL } from './outbox-sql';

export interface OutboxEvent<TType extends string = string, TData = unknown> extends NewEvent<TType, TData> {
  topic: string;
}

/**
 * Writes events into the caller's transaction: they commit with the change they report, or not
 * at all. Nothing here talks to Kafka, so a writer never waits on or fails with the broker.
 */
export class OutboxWriter {
  /** `check` refuses an event that breaks the contract (assertEventData) before it is written. */
  constructor(
    private readonly source: string,
    private readonly now: () => Date,
    private readonly check: (type: string, data: unknown) => void = () => undefined,
  ) {}

  async write<TType extends string, TData>(
    tx: TransactionClient,
    event: OutboxEvent<TType, TData>,
  ): Promise<CloudEvent<TType, TData>> {
    const prepared = this.prepare(event);
    const { sql, values } = prepared.statement(1);
    await tx.query(sql, values);
    return prepared.envelope;
  }

  /** The event checked and enveloped, and its INSERT, to run in a statement of the caller's. */
  prepare<TType extends string, TData>(event: OutboxEvent<TType, TData>): OutboxInsert<TType, TData> {
    this.check(event.type, event.data);
    const envelope = toCloudEvent(event, { id: randomUUID(), source: this.source, time: this.now() });
    const values = [
      envelope.id,
      event.topic,
      event.subject,
      laneOf(event.subject),
      JSON.stringify(envelope),
      OUTBOX_CHANNEL,
    ];
    // The advisory lock makes writers of one key queue until the earlier one commits, so a key's
    // ids (and thus the relay's publishing order) follow commit order even when its transactions
    // race. The notification is delivered at commit, dropped on rollback, and several in one
    // transaction fold into one. It is skipped while a relay holds the quiet lease (it drains on
    // its own clock then): PostgreSQL commits notifying transactions one at a time, under a
    // cluster-wide lock held through the commit's WAL flush.
    const statement = (first: number, onlyAfter?: string) => {
      const [id, topic, key, lane, payload, channel] = values.map((_, i) => `$${first + i}`);
      return {
        sql: `INSERT INTO outbox (event_id, topic, message_key, lane, payload)
       SELECT ${id}, ${topic}, ${key}, ${lane}, ${payload}
         FROM ${onlyAfter ? `${onlyAfter}, ` : ''}(SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))) AS key_lock
       RETURNING CASE WHEN (SELECT until FROM outbox_quiet) > clock_timestamp() THEN NULL ELSE pg_notify(${channel}, '') END`,
        values,
      };
    };
    return { envelope, statement };
  }
}

/** An event ready to be written, with its INSERT for a statement of the caller's. */
export interface OutboxInsert<TType extends string = string, TData = unknown> {
  envelope: CloudEvent<TType, TData>;
  /**
   * The INSERT, its parameters numbered from `first`. With `onlyAfter`, the name of a CTE of the
   * caller's statement, it writes the event once per row that CTE returns: only if the change it
   * reports was made.
   */
  statement(first: number, onlyAfter?: string): { sql: string; values: unknown[] };
}
