import { Client } from 'pg';
import { databaseUrl } from './pool';
import { isPgError, PG_ERRORS } from './pg-errors';

const SAFE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function quoteName(name: string): string {
  if (!SAFE_NAME.test(name)) {
    throw new Error(`refusing database name ${JSON.stringify(name)}`);
  }
  return `"${name}"`;
}

async function withAdminClient<T>(serverUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: databaseUrl(serverUrl, 'postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates the database unless it exists; safe when several processes race to create it. */
export async function ensureDatabase(serverUrl: string, name: string, template?: string): Promise<void> {
  await withAdminClient(serverUrl, async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return;
    try {
      const from = template ? ` TEMPLATE ${quoteName(template)}` : '';
      await client.query(`CREATE DATABASE ${quoteName(name)}${from}`);
    } catch (error) {
      if (!isPgError(error, PG_ERRORS.duplicateDatabase) && !isPgError(error, PG_ERRORS.uniqueViolation)) {
        throw error;
      }
    }
  });
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await withAdminClient(serverUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${quoteName(name)} WITH (FORCE)`);
  });
}
