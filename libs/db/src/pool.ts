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
  return pool;
}
