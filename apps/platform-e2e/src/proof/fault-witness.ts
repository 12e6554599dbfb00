import Redis from 'ioredis';
import { Client } from 'pg';
import type { ProcessExit } from './service-process';

/**
 * What the broken part itself says about its own life, read before and after a fault: a fault
 * counts only when the two differ (a new server, not one the harness merely thought it stopped).
 */
export type Witness = () => Promise<string>;

/** When the PostgreSQL server now running started: a restart gives a new one. */
export const postgresStartedAt =
  (url: string): Witness =>
  async () => {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ at: string }>('SELECT pg_postmaster_start_time()::text AS at');
      return rows[0]!.at;
    } finally {
      await client.end();
    }
  };

/** The running Redis server's `run_id`: random at every start. */
export const redisRunId =
  (port: number): Witness =>
  async () => {
    const redis = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0 });
    try {
      await redis.connect();
      return /run_id:(\w+)/.exec(await redis.info('server'))?.[1] ?? '';
    } finally {
      redis.disconnect();
    }
  };

/** Runs `fault` between two readings of `witness`: whether the part was seen to go and come back. */
export async function witnessed<T>(
  witness: Witness,
  fault: () => Promise<T>,
): Promise<{ seen: boolean; measured: T }> {
  const before = await witness();
  const measured = await fault();
  return { seen: (await witness()) !== before, measured };
}

/** A process seen to end by the signal sent (or, for SIGTERM, by its own clean exit) and to run again. */
export function processCycled(
  exit: ProcessExit,
  signal: 'SIGTERM' | 'SIGKILL',
  pidBefore: number | undefined,
  pidAfter: number | undefined,
): boolean {
  const ended = exit.signal === signal || (signal === 'SIGTERM' && exit.code === 0);
  return ended && pidAfter !== undefined && pidAfter !== pidBefore;
}
