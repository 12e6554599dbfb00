import { setTimeout as sleep } from 'node:timers/promises';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RUN_DIR } from './paths';

/** What the project itself started, so `infra:down` stops exactly that and nothing else. */
function pidFile(name: string): string {
  return join(RUN_DIR, `${name}.pid`);
}

export function recordPid(name: string, pid: number): void {
  mkdirSync(RUN_DIR, { recursive: true });
  writeFileSync(pidFile(name), `${pid}\n`);
}

export function runningPid(name: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile(name), 'utf8').trim());
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) {
    rmSync(pidFile(name), { force: true });
    return undefined;
  }
  return pid;
}

export function forgetPid(name: string): void {
  rmSync(pidFile(name), { force: true });
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A polite signal, then SIGKILL if it is still there after the grace period. PostgreSQL gets
 * SIGINT (its "fast" shutdown: SIGTERM would wait for every client to leave).
 */
export async function stopPid(name: string, graceMs = 15_000): Promise<boolean> {
  const pid = runningPid(name);
  if (pid === undefined) return false;
  process.kill(pid, name === 'postgres' ? 'SIGINT' : 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (isAlive(pid) && Date.now() < deadline) await sleep(100);
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  forgetPid(name);
  return true;
}
