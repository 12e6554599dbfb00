import { Pool, type PoolConfig } from 'pg';

/** `postgres://host:port` + `booking` → `postgres://host:port/booking`, keeping credentials and query. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export function createPool(url: string, options: Omit<PoolConfig, 'connectionString'> = {}): Pool {
  const pool = new Pool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000, ...options });
  // An idle client that loses its connection emits here; without a listener the process dies.
  pool.on('error', () => undefined);
  return pool;
}
