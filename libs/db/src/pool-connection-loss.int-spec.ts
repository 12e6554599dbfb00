import { setTimeout as sleep } from 'node:timers/promises';
import type { Pool } from 'pg';
import { createPool } from './pool';
import { withTransaction } from './transaction';

// A restart of PostgreSQL ends every session, also those checked out and between two statements.
describe('a pool whose connections the server ends (real PostgreSQL)', () => {
  let admin: Pool;
  let pool: Pool;

  beforeAll(() => {
    admin = createPool(process.env['DATABASE_URL']!, { max: 1 });
    pool = createPool(process.env['DATABASE_URL']!, { max: 2 });
  });

  afterAll(async () => {
    await Promise.all([admin.end(), pool.end()]);
  });

  it('fails the transaction whose session was ended mid-way, and serves the next on a new session', async () => {
    let release!: () => void;
    const between = new Promise<void>((resolve) => (release = resolve));
    const transaction = withTransaction(pool, async (tx) => {
      const { rows } = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const ended = await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
      expect(ended.rowCount).toBe(1);
      // The server's FATAL arrives while no statement of this client is running.
      await sleep(200);
      await between;
      return tx.query('SELECT 1');
    });
    await sleep(300);
    release();
    await expect(transaction).rejects.toThrow();
    const { rows } = await pool.query<{ one: number }>('SELECT 1 AS one');
    expect(rows).toEqual([{ one: 1 }]);
  });
});
