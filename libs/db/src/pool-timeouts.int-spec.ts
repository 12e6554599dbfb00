import type { Pool } from 'pg';
import { isDatabaseTimeout } from './pg-errors';
import { createPool, timeoutOptions } from './pool';
import { withTransaction } from './transaction';

// A table of its own name on the run's server, dropped afterwards; pools with short limits.
describe('pool timeouts (real PostgreSQL)', () => {
  const table = `timeouts_${process.pid}_${Date.now()}`;
  let admin: Pool;
  let bounded: Pool;

  beforeAll(async () => {
    admin = createPool(process.env['DATABASE_URL']!, { max: 2 });
    bounded = createPool(process.env['DATABASE_URL']!, {
      max: 2,
      ...timeoutOptions({ statementMs: 300, lockMs: 200, idleInTransactionMs: 1_000 }),
    });
    await admin.query(`CREATE TABLE ${table} (id int PRIMARY KEY)`);
    await admin.query(`INSERT INTO ${table} VALUES (1)`);
  });

  afterAll(async () => {
    await admin.query(`DROP TABLE ${table}`);
    await Promise.all([admin.end(), bounded.end()]);
  });

  it('ends a wait for a row lock after lock_timeout instead of queueing behind its holder', async () => {
    let release!: () => void;
    let locked!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const holder = withTransaction(admin, async (tx) => {
      await tx.query(`SELECT 1 FROM ${table} WHERE id = 1 FOR UPDATE`);
      locked();
      await held;
    });
    await holding;
    const waiter = bounded.query(`SELECT 1 FROM ${table} WHERE id = 1 FOR UPDATE`);
    const error: unknown = await waiter.catch((caught: unknown) => caught);
    release();
    await holder;
    expect(error).toMatchObject({ code: '55P03' });
    expect(isDatabaseTimeout(error)).toBe(true);
  });

  it('ends a statement that runs past statement_timeout', async () => {
    const error: unknown = await bounded.query('SELECT pg_sleep(5)').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: '57014' });
    expect(isDatabaseTimeout(error)).toBe(true);
  });

  it('ends a session left idle inside a transaction, freeing its locks', async () => {
    const client = await bounded.connect();
    // The server's ending of the session reaches the client as an error: the signal to go on.
    const ended = new Promise<unknown>((resolve) => client.on('error', resolve));
    await client.query('BEGIN');
    await client.query(`SELECT 1 FROM ${table} WHERE id = 1 FOR UPDATE`);
    expect(await ended).toMatchObject({ code: '25P03' });
    // The server ended the session: the lock is free for anyone else at once.
    const { rows } = await admin.query(`SELECT 1 AS ok FROM ${table} WHERE id = 1 FOR UPDATE NOWAIT`);
    expect(rows).toEqual([{ ok: 1 }]);
    client.release(true);
  });
});
