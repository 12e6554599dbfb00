import { Client } from 'pg';
import { DataSource, type MigrationInterface } from 'typeorm';

export type MigrationClass = new () => MigrationInterface;

/** Any constant will do; it only has to be the same for every instance of every service. */
const MIGRATION_LOCK_KEY = 7_204_116_001;

/**
 * Applies the service's TypeORM migrations, each in its own transaction. Instances that start
 * together queue on an advisory lock, so each migration runs once.
 */
export async function runMigrations(url: string, migrations: MigrationClass[]): Promise<string[]> {
  const lock = new Client({ connectionString: url });
  await lock.connect();
  const dataSource = new DataSource({
    type: 'postgres',
    url,
    migrations,
    migrationsTableName: 'schema_migrations',
    logging: false,
  });
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await dataSource.initialize();
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await lock.end();
  }
}
