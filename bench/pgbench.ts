import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Transactions per second of `script` under pgbench, or undefined when pgbench is not installed. */
export function pgbenchTps(
  databaseUrl: string,
  script: string,
  { clients = 8, seconds = 10 } = {},
): number | undefined {
  if (spawnSync('pgbench', ['--version']).status !== 0) return undefined;
  const file = join(mkdtempSync(join(tmpdir(), 'pgbench-')), 'script.sql');
  writeFileSync(file, script);
  const result = spawnSync(
    'pgbench',
    ['-n', '-c', String(clients), '-j', '2', '-T', String(seconds), '-f', file, databaseUrl],
    {
      encoding: 'utf8',
    },
  );
  const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(result.stdout);
  if (!match) throw new Error(`pgbench failed:\n${result.stdout}\n${result.stderr}`);
  return Number(match[1]);
}
