import type { Pool } from 'pg';
import { createPool } from './pool';
import { TransactionRolledBack, withTransaction } from './transaction';

// Not @booking/testing, which itself uses this library: a temporary table on the run's server,
// on a pool of one connection, is private to this test.
describe('withTransaction (real PostgreSQL)', () => {
  let pool: Pool;

  beforeAll(async () => {
    pool = createPool(process.env['DATABASE_URL']!, { max: 1 });
    await pool.query('CREATE TEMP TABLE item (id int PRIMARY KEY)');
  });

  afterAll(() => pool.end());

  const count = async () => Number((await pool.query('SELECT count(*) AS n FROM item')).rows[0].n);

  it('commits what its work wrote, including a statement left for COMMIT to carry', async () => {
    let carried: Promise<unknown> | undefined;
    await withTransaction(pool, async (tx) => {
      await tx.query('INSERT INTO item VALUES (1)');
      carried = tx.query('INSERT INTO item VALUES (2)');
    });
    await carried;
    expect(await count()).toBe(2);
  });

  it('rejects, and keeps nothing, when a statement left for COMMIT failed', async () => {
    const before = await count();
    let carried: Promise<unknown> | undefined;
    const outcome = withTransaction(pool, async (tx) => {
      await tx.query('INSERT INTO item VALUES (10)');
      carried = tx.query('INSERT INTO item VALUES (1)');
      carried.catch(() => undefined);
      return 'done';
    });
    await expect(outcome).rejects.toBeInstanceOf(TransactionRolledBack);
    await expect(carried).rejects.toMatchObject({ code: '23505' });
    expect(await count()).toBe(before);
  });
});
