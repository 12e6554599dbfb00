import type { Pool, PoolClient, QueryResult, QueryResultRow } from 'pg';

/** Anything that runs SQL: a pool, or a client inside a transaction. */
export interface Queryable {
  query<R extends QueryResultRow = QueryResultRow>(text: string, values?: unknown[]): Promise<QueryResult<R>>;
}

/** A client inside an open transaction: whatever is written with it commits together. */
export type TransactionClient = Pick<PoolClient, 'query'>;

/** COMMIT found the transaction aborted by one of its statements, so nothing was written. */
export class TransactionRolledBack extends Error {
  constructor() {
    super('The transaction was rolled back at COMMIT: one of its statements had failed.');
    this.name = 'TransactionRolledBack';
  }
}

/**
 * Runs `work` in a transaction and commits it; resolves only if the commit took effect, even when
 * `work` left statements un-awaited for COMMIT to carry.
 */
export async function withTransaction<T>(
  pool: Pool,
  work: (tx: TransactionClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    // Not awaited first: on a pipelined pool (createPool) BEGIN travels with the first statement.
    const begun = client.query('BEGIN');
    // A failed BEGIN fails the first statement too, so `work` reports it; awaited below all the same.
    begun.catch(() => undefined);
    const result = await work(client);
    await begun;
    const committed = await client.query('COMMIT');
    // PostgreSQL answers COMMIT in an aborted transaction with ROLLBACK, not with an error: a
    // statement sent without being awaited (it travels with COMMIT on a pipelined pool) failed.
    if (committed.command === 'ROLLBACK') throw new TransactionRolledBack();
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
