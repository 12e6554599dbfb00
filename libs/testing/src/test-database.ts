import type { Pool } from 'pg';
import {
  createPool,
  databaseUrl,
  dropDatabase,
  ensureDatabase,
  runMigrations,
  type MigrationClass,
} from '@booking/db';
import { testRun, uniqueName } from './test-run';

export interface TestDatabase {
  name: string;
  url: string;
  pool: Pool;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

/** A migrated database of its own for one test file; its name starts with the run id. */
export async function createTestDatabase(label: string, migrations: MigrationClass[]): Promise<TestDatabase> {
  const { databaseUrl: serverUrl } = testRun();
  const name = uniqueName(label);
  if (!name.startsWith('t'))
    throw new Error('refusing to use a database whose name does not mark it as a test');
  await ensureDatabase(serverUrl, name);
  const url = databaseUrl(serverUrl, name);
  await runMigrations(url, migrations);
  const pool = createPool(url, { max: 20 });
  return {
    name,
    url,
    pool,
    drop: async () => {
      await pool.end();
      await dropDatabase(serverUrl, name);
    },
  };
}
