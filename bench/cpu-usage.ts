import { setTimeout as sleep } from 'node:timers/promises';
import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/**
 * CPU time spent by each process of a benchmark, read from /proc (Linux only), so a figure can
 * say which process limits it: on n shared cores, throughput is at most n s / (CPU s per op).
 */
export type CpuTimes = Map<string, number>;

/** A snapshot: CPU per group, PostgreSQL's processes, and the time the host took from the VM. */
export interface CpuSnapshot {
  times: CpuTimes;
  postgresProcesses: number;
  stolenMs: number;
  at: number;
}

// USER_HZ: /proc reports times in ticks of 10 ms on every Linux architecture Node runs on.
const TICK_MS = 10;
const GROUP_BY_COMMAND: Record<string, string> = {
  postgres: 'postgres',
  'redis-server': 'redis',
  java: 'kafka',
};

/**
 * Milliseconds of CPU per group: the processes named by pid, then PostgreSQL, Redis and Kafka by
 * command. Time of exited children is counted for PostgreSQL (a backend that ends is added to the
 * postmaster's) and for this process (pgbench and wrk runs, under `client`).
 */
export function cpuSnapshot(named: Record<string, number | undefined>): CpuSnapshot | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  const nameOf = new Map<number, string>();
  for (const [name, pid] of Object.entries(named)) if (pid !== undefined) nameOf.set(pid, name);
  const totals: CpuTimes = new Map();
  let postgresProcesses = 0;
  const add = (group: string, ticks: number) => totals.set(group, (totals.get(group) ?? 0) + ticks * TICK_MS);
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited while we read
    }
    const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    // After "pid (comm) ": state, ppid, …; utime, stime, cutime, cstime are fields 14–17 of proc(5).
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    const [utime, stime, cutime, cstime] = [fields[11]!, fields[12]!, fields[13]!, fields[14]!];
    const pid = Number(entry);
    const group = nameOf.get(pid) ?? GROUP_BY_COMMAND[command];
    if (group === undefined) continue;
    add(group, utime + stime);
    if (group === 'postgres') {
      add(group, cutime + cstime);
      postgresProcesses++;
    }
    if (pid === process.pid) add('client', cutime + cstime);
  }
  // The first line of /proc/stat: "cpu user nice system idle iowait irq softirq steal …".
  const steal = Number(readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/)[8]);
  return { times: totals, postgresProcesses, stolenMs: steal * TICK_MS, at: performance.now() };
}

/**
 * Waits (up to 5 s) until PostgreSQL has no more processes than `count`: a backend ends after
 * its client did, and its time is counted only once the postmaster has reaped it.
 */
export async function backendsGone(count: number): Promise<void> {
  for (let waited = 0; waited < 5_000; waited += 20) {
    if ((cpuSnapshot({})?.postgresProcesses ?? 0) <= count) return;
    await sleep(20);
  }
}

/** Milliseconds of CPU per operation of each group, largest first (groups under 0.005 ms left out). */
export function cpuMsPerOp(before: CpuSnapshot, after: CpuSnapshot, ops: number): [string, number][] {
  return [...after.times]
    .map(([group, ms]): [string, number] => [group, (ms - (before.times.get(group) ?? 0)) / ops])
    .filter(([, ms]) => ms >= 0.005)
    .sort((a, b) => b[1] - a[1]);
}

/**
 * "postgres 2.04 · booking 1.55 · … ms per op (sum; the most the cores allow)", largest first,
 * and how much of the cores the host took meanwhile (figures of such a run are low and noisy).
 */
export function cpuPerOp(
  before: CpuSnapshot | undefined,
  after: CpuSnapshot | undefined,
  ops: number,
): string {
  if (!before || !after || ops === 0) return 'not measured (no /proc)';
  const perOp = cpuMsPerOp(before, after, ops);
  const sum = perOp.reduce((total, [, ms]) => total + ms, 0);
  const parts = perOp.map(([group, ms]) => `${group} ${ms.toFixed(2)}`).join(' · ');
  const cores = availableParallelism();
  const stolen = (after.stolenMs - before.stolenMs) / (cores * (after.at - before.at));
  return `${parts} ms  (sum ${sum.toFixed(2)} ms: ${cores} cores allow ≤ ${Math.round((cores * 1000) / sum)}/s; host took ${Math.round(stolen * 100)} %)`;
}
