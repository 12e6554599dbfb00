import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';

/** True when wrk can be run (`apt-get install wrk`). */
export const wrkInstalled = (): boolean => !spawnSync('wrk', ['--version']).error;

/**
 * Requests per second of one GET under wrk (a C load generator, one thread), or undefined when
 * wrk is not installed (`apt-get install wrk`). It shows what a server does when the client is
 * not the limit: the Node load generator of http-load.ts tops out near the bare server's rate.
 */
export async function wrkPerSecond(
  url: string,
  headers: Record<string, string>,
  { connections = 16, seconds = 10 } = {},
): Promise<number | undefined> {
  if (!wrkInstalled()) return undefined;
  // Not spawnSync: the server under test may be in this very process.
  const result = await promisify(execFile)(
    'wrk',
    [
      '-t1',
      `-c${connections}`,
      `-d${seconds}s`,
      ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
      url,
    ],
    { encoding: 'utf8' },
  );
  const match = /Requests\/sec:\s+([\d.]+)/.exec(result.stdout);
  if (!match) throw new Error(`wrk failed:\n${result.stdout}\n${result.stderr}`);
  return Number(match[1]);
}
