import { createPool, warmPool } from './pool';

describe('warmPool (real PostgreSQL)', () => {
  it('leaves the sessions asked for open and idle in the pool, and opens no more', async () => {
    const pool = createPool(process.env['DATABASE_URL']!, { max: 5 });
    try {
      await warmPool(pool, 3);
      expect([pool.totalCount, pool.idleCount]).toEqual([3, 3]);
      // A query now takes an open session instead of opening another.
      await pool.query('SELECT 1');
      expect(pool.totalCount).toBe(3);
    } finally {
      await pool.end();
    }
  });
});
