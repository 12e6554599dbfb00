import { Pool, type PoolConfig } from 'pg';
import { coalescingSocket } from './coalescing-socket';

/** `postgres://host:port` + `booking` → `postgres://host:port/booking`, keeping credentials and query. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * Pipelined clients send a query as soon as it is issued instead of after the previous answer, so
 * statements issued together (BEGIN and the first statement; inserts that don't depend on each
 * other) share one round trip. Each statement still gets its own Sync: one failing inside a
 * transaction aborts it, and those behind it fail with 25P02, just as if they had waited.
 * Statements issued in the same tick also leave in one write (coalescingSocket).
 */
/** How long a statement may run, a lock be waited for, and a transaction sit idle (PostgreSQL's own limits). */
export interface DatabaseTimeouts {
  statementMs: number;
  lockMs: number;
  idleInTransactionMs: number;
}

/** The pool options that make PostgreSQL enforce the timeouts on each of the pool's sessions. */
export function timeoutOptions(
  timeouts: DatabaseTimeouts,
): Pick<PoolConfig, 'statement_timeout' | 'lock_timeout' | 'idle_in_transaction_session_timeout'> {
  return {
    statement_timeout: timeouts.statementMs,
    lock_timeout: timeouts.lockMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
  };
}

export function createPool(url: string, options: Omit<PoolConfig, 'connectionString'> = {}): Pool {
  const pool = new Pool({
    connectionString: url,
    max: 10,
    idleTimeoutMillis: 30_000,
    pipeline: true,
    stream: coalescingSocket,
    ...options,
  });
  // An idle client that loses its connection emits here; without a listener the process dies.
  pool.on('error', () => undefined);
  // So does a checked-out one between two statements (a server restart ends every session): its
  // next statement fails instead, and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/**
 * Opens `connections` of the pool's sessions and lets them idle in it, so that the first requests
 * after a start do not wait for PostgreSQL to start backends: a relay restarted into 500 writes/s
 * had a commit → consumer p99 of 92-160 ms in its first second, 47-51 ms with its 10 warmed.
 */
export async function warmPool(pool: Pool, connections: number): Promise<void> {
  const clients = await Promise.all(Array.from({ length: connections }, () => pool.connect()));
  try {
    await Promise.all(clients.map((client) => client.query('SELECT 1')));
  } finally {
    for (const client of clients) client.release();
  }
}
