import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { LoadResult, LoadSpec } from './http-load';

/**
 * The load of `runLoad` driven by wrk (C and LuaJIT) instead of Node: on two shared cores the
 * Node client took about 0.3 ms of CPU per request from the system under test, wrk a fraction.
 * The requests are made now, by `spec.next` (`count` of them, each sent at most once), so that
 * making them is not counted in the run that the returned function starts.
 */
export function prepareWrkLoad(spec: LoadSpec & { count: number }): () => Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'wrk-load-'));
  const file = join(dir, 'requests.tsv');
  const lines: string[] = [];
  for (let i = 0; i < spec.count; i++) {
    const { path, body, headers } = spec.next(i);
    const fields = [spec.method ?? 'GET', path, body ?? ''];
    if (body) fields.push('content-type', 'application/json');
    for (const [name, value] of Object.entries(headers ?? {})) fields.push(name, value);
    if (fields.some((field) => /[\t\n]/.test(field))) throw new Error(`request ${i} has a tab or newline`);
    lines.push(fields.join('\t'));
  }
  writeFileSync(file, `${lines.join('\n')}\n`);
  return () => runWrk(spec, file).finally(() => rmSync(dir, { recursive: true, force: true }));
}

async function runWrk(spec: LoadSpec & { count: number }, file: string): Promise<LoadResult> {
  // Not spawnSync: the server under test may be in this very process.
  const { stdout } = await promisify(execFile)(
    'wrk',
    [
      '-t1',
      `-c${spec.connections}`,
      `-d${Math.max(1, Math.round(spec.durationMs / 1000))}s`,
      '--timeout',
      '10s',
      '-s',
      join(__dirname, 'wrk-load.lua'),
      spec.url,
      '--',
      file,
    ],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  const line = /^WRK_RESULT (.*)$/m.exec(stdout);
  if (!line) throw new Error(`wrk failed:\n${stdout}`);
  const result = JSON.parse(line[1]!) as {
    requests: number;
    durationUs: number;
    p50Us: number;
    p99Us: number;
    maxUs: number;
    sent: number;
    statuses: Record<string, number>;
  };
  if (result.sent > spec.count) {
    throw new Error(`wrk sent ${result.sent} requests but only ${spec.count} were made: raise the count`);
  }
  return {
    requests: result.requests,
    perSecond: result.requests / (result.durationUs / 1e6),
    p50: result.p50Us / 1000,
    p99: result.p99Us / 1000,
    max: result.maxUs / 1000,
    statuses: Object.fromEntries(Object.entries(result.statuses).map(([code, n]) => [Number(code), n])),
  };
}
