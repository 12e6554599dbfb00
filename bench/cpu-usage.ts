import { readFileSync, readdirSync } from 'node:fs';

/**
 * CPU time spent by each process of a benchmark, read from /proc (Linux only), so a figure can
 * say which process limits it: on 2 shared cores, throughput is at most 2 s / (CPU s per op).
 */
export type CpuTimes = Map<string, number>;

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
export function cpuTimes(named: Record<string, number | undefined>): CpuTimes | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  const nameOf = new Map<number, string>();
  for (const [name, pid] of Object.entries(named)) if (pid !== undefined) nameOf.set(pid, name);
  const totals: CpuTimes = new Map();
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
    if (group === 'postgres') add(group, cutime + cstime);
    if (pid === process.pid) add('client', cutime + cstime);
  }
  return totals;
}

/** "postgres 2.04 · booking 1.55 · … ms per op (sum; the most 2 cores allow)", largest first. */
export function cpuPerOp(before: CpuTimes | undefined, after: CpuTimes | undefined, ops: number): string {
  if (!before || !after || ops === 0) return 'not measured (no /proc)';
  const perOp = [...after]
    .map(([group, ms]) => [group, (ms - (before.get(group) ?? 0)) / ops] as const)
    .filter(([, ms]) => ms >= 0.005)
    .sort((a, b) => b[1] - a[1]);
  const sum = perOp.reduce((total, [, ms]) => total + ms, 0);
  const parts = perOp.map(([group, ms]) => `${group} ${ms.toFixed(2)}`).join(' · ');
  return `${parts} ms  (sum ${sum.toFixed(2)} ms: 2 cores allow ≤ ${Math.round(2000 / sum)}/s)`;
}
