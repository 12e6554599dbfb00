import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, openSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { LOG_DIR } from './paths';
import { recordPid } from './pid-files';
import { canConnect, waitForPort } from './net';
import type { Started } from './started';

/** Reuses the Redis at `url` when it answers; otherwise starts the machine's `redis-server`. */
export async function ensureRedis(url: string): Promise<Started> {
  const { hostname, port: portText } = new URL(url);
  const host = hostname || '127.0.0.1';
  const port = Number(portText || 6379);
  if (await canConnect(host, port)) return { name: 'redis', started: false, address: url };
  if (!['127.0.0.1', 'localhost'].includes(host)) {
    throw new Error(`Redis at ${url} does not answer, and only a local one can be started here`);
  }
  const child = await startRedisServer(host, port, join(LOG_DIR, 'redis.log'), { detached: true });
  child.unref();
  recordPid('redis', child.pid!);
  return { name: 'redis', started: true, address: url };
}

/**
 * The machine's `redis-server` on `host`:`port`, ready for connections. A cache and a guard,
 * never the truth: nothing is kept on disk. Detached, it outlives this process.
 */
export async function startRedisServer(
  host: string,
  port: number,
  logFile: string,
  options: { detached: boolean },
): Promise<ChildProcess> {
  if (spawnSync('redis-server', ['--version']).status !== 0) {
    throw new Error(
      `No Redis answers on port ${port} and redis-server is not installed. Install it (Debian/Ubuntu: ` +
        '`apt-get install redis-server`; macOS: `brew install redis`) or set REDIS_URL to a running Redis.',
    );
  }
  mkdirSync(dirname(logFile), { recursive: true });
  const log = openSync(logFile, 'a');
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', host, '--save', '', '--appendonly', 'no'],
    { detached: options.detached, stdio: ['ignore', log, log] },
  );
  if (child.pid === undefined) throw new Error('redis-server did not start');
  await waitForPort(host, port, 10_000, 'redis-server');
  return child;
}
