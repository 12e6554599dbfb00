import type { Pool, PoolClient, QueryResult, QueryResultRow } from 'pg';

/** Anything that runs SQL: a pool, or a client inside a transaction. */
export interface Queryable {
  query<R extends QueryResultRow = QueryResultRow>(text: string, values?: unknown[]): Promise<QueryResult<R>>;
}

/** A client inside an open transaction: whatever is written with it commits together. */
export type TransactionClient = Pick<PoolClient, 'query'>;

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
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
