/**
 * Where a service's CPU went, from the profiles `BENCH_CPU_PROF=<dir>` leaves (one folder per
 * app): self time by package and by function, as a share of the time the process was busy.
 * `node -r ./infra/local/register.js bench/profile-summary.ts <dir>`
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  hitCount?: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
}

/** What V8 reports as not running JavaScript of the program: left out of "busy". */
const NOT_BUSY = new Set(['(idle)']);
const TOP = 12;

/** The package a frame belongs to: a dependency, Node itself, V8's own work, or our code. */
export function packageOf(frame: ProfileNode['callFrame']): string {
  // V8's own entries are named in brackets; the rest without a file are natives (socket writes).
  if (frame.url === '') return frame.functionName.startsWith('(') ? frame.functionName : 'native';
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(frame.url);
  if (dependency) return dependency[1]!;
  if (frame.url.startsWith('node:')) return 'node';
  const ours = /\/(apps|libs)\/([^/]+)\//.exec(frame.url);
  return ours ? `${ours[1]}/${ours[2]}` : frame.url;
}

/** Self time in ms of each key, over a whole profile, and the busy total. */
export function selfTimes(
  profile: CpuProfile,
  keyOf: (node: ProfileNode) => string,
): { busyMs: number; byKey: Map<string, number> } {
  const msPerSample = (profile.endTime - profile.startTime) / 1000 / Math.max(1, profile.samples.length);
  const byKey = new Map<string, number>();
  let busyMs = 0;
  for (const node of profile.nodes) {
    const ms = (node.hitCount ?? 0) * msPerSample;
    if (ms === 0 || NOT_BUSY.has(node.callFrame.functionName)) continue;
    busyMs += ms;
    const key = keyOf(node);
    byKey.set(key, (byKey.get(key) ?? 0) + ms);
  }
  return { busyMs, byKey };
}

function table(title: string, busyMs: number, byKey: Map<string, number>): string {
  const rows = [...byKey.entries()].sort((a, b) => b[1] - a[1]).slice(0, TOP);
  return [
    `  ${title}`,
    ...rows.map(([key, ms]) => `    ${((ms / busyMs) * 100).toFixed(1).padStart(5)} %  ${key}`),
  ].join('\n');
}

function main(dir: string): void {
  for (const app of readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    for (const file of readdirSync(join(dir, app.name)).filter((name) => name.endsWith('.cpuprofile'))) {
      const profile = JSON.parse(readFileSync(join(dir, app.name, file), 'utf8')) as CpuProfile;
      const packages = selfTimes(profile, (node) => packageOf(node.callFrame));
      const functions = selfTimes(profile, (node) => {
        const frame = node.callFrame;
        return `${frame.functionName || '(anonymous)'} ${packageOf(frame)}:${frame.lineNumber + 1}`;
      });
      const seconds = (profile.endTime - profile.startTime) / 1e6;
      process.stdout.write(
        `${app.name} (${file}): busy ${(packages.busyMs / 1000).toFixed(1)} s of ${seconds.toFixed(1)} s\n` +
          `${table('self time by package', packages.busyMs, packages.byKey)}\n` +
          `${table('self time by function', functions.busyMs, functions.byKey)}\n`,
      );
    }
  }
}

if (require.main === module) main(process.argv[2] ?? '.cache/profiles');
