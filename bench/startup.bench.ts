/**
 * Start-up to ready and memory after start, per service: the compiled build (`node
 * dist/apps/<app>/main.js`, what the image runs) next to the sources through the require hook
 * (`node -r infra/local/register.js`, what `npm start` runs), in the same run on the same machine.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureInfra, infraAddresses, stopStarted } from '../infra/local/infra';
import { PLATFORM_APPS, platformEnv, platformPorts } from '../infra/local/platform-env';
import { fmt, percentile, printTable } from './stats';

const ROOT = join(__dirname, '..');
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
const SERVICES = PLATFORM_APPS.filter((app) => !app.name.endsWith('-sandbox'));
const MODES = {
  compiled: (app: string) => [join(ROOT, `dist/apps/${app}/main.js`)],
  'require hook': (app: string) => [
    '-r',
    join(ROOT, 'infra/local/register.js'),
    join(ROOT, `apps/${app}/src/main.ts`),
  ],
} as const;
type Mode = keyof typeof MODES;

interface Start {
  readyMs: number;
  rssMiB: number;
}

async function pollReady(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await sleep(20);
  }
  throw new Error(`${url} was not ready in time`);
}

/** Resident memory of a process, from /proc (Linux). */
function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) / 1024 : Number.NaN;
}

async function startOnce(mode: Mode, app: (typeof SERVICES)[number], env: NodeJS.ProcessEnv): Promise<Start> {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, MODES[mode](app.name), {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await pollReady(`http://127.0.0.1:${env[app.env]}/health/ready`, Date.now() + 60_000);
    const readyMs = Number(process.hrtime.bigint() - started) / 1e6;
    // Memory once start-up's garbage has had a moment to be collected.
    await sleep(1_000);
    return { readyMs, rssMiB: rssMiB(child.pid!) };
  } finally {
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}

async function main(): Promise<void> {
  const build = spawnSync(
    join(ROOT, 'node_modules/.bin/nx'),
    ['run-many', '-t', 'build', '--output-style=static'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NX_DAEMON: 'false' },
    },
  );
  if (build.status !== 0) throw new Error('nx run-many -t build failed');
  const addresses = infraAddresses(process.env);
  const infra = await ensureInfra(addresses);
  // Ports 200 above `npm start`'s, so a running local platform does not get in the way.
  const env = { ...platformEnv(process.env, addresses, platformPorts({}, 200)), LOG_LEVEL: 'warn' };
  try {
    for (const app of SERVICES) {
      const results: Record<Mode, Start[]> = { compiled: [], 'require hook': [] };
      for (let round = 0; round < ROUNDS; round += 1)
        for (const mode of Object.keys(MODES) as Mode[]) results[mode].push(await startOnce(mode, app, env));
      const median = (mode: Mode, key: keyof Start) =>
        percentile(
          results[mode].map((start) => start[key]),
          50,
        );
      printTable(`Start-up of ${app.name} (median of ${ROUNDS})`, [
        ['compiled: ready after', `${fmt(median('compiled', 'readyMs'), 0)} ms`],
        ['require hook: ready after', `${fmt(median('require hook', 'readyMs'), 0)} ms`],
        ['compiled / hook (time)', fmt(median('compiled', 'readyMs') / median('require hook', 'readyMs'), 2)],
        ['compiled: RSS 1 s after ready', `${fmt(median('compiled', 'rssMiB'))} MiB`],
        ['require hook: RSS 1 s after ready', `${fmt(median('require hook', 'rssMiB'))} MiB`],
        ['compiled / hook (memory)', fmt(median('compiled', 'rssMiB') / median('require hook', 'rssMiB'), 2)],
      ]);
    }
  } finally {
    await stopStarted(infra);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
