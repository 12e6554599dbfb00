import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request } from 'node:http';
import { percentile } from './stats';

export interface LoadResult {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  /** Answers by status code; 0 counts requests that got no answer (a socket error). */
  statuses: Record<number, number>;
  /** Requests of a paced load not sent because too many were waiting for answers. */
  notSent?: number;
}

/** The i-th request's path and body; lets every request differ (customer, car, period). */
export type NextRequest = (i: number) => { path: string; body?: string; headers?: Record<string, string> };

export interface LoadSpec {
  url: string;
  method?: 'GET' | 'POST';
  connections: number;
  durationMs: number;
  next: NextRequest;
}

/** What one stream of requests measured: latencies and statuses, summed up at the end. */
class Measured {
  readonly latencies: number[] = [];
  readonly statuses: Record<number, number> = {};
  notSent = 0;

  record(status: number, ms: number): void {
    this.latencies.push(ms);
    this.statuses[status] = (this.statuses[status] ?? 0) + 1;
  }

  result(seconds: number): LoadResult {
    return {
      requests: this.latencies.length,
      perSecond: this.latencies.length / seconds,
      p50: percentile(this.latencies, 50),
      p99: percentile(this.latencies, 99),
      max: this.latencies.reduce((most, value) => Math.max(most, value), 0),
      statuses: this.statuses,
      ...(this.notSent > 0 ? { notSent: this.notSent } : {}),
    };
  }
}

/** Sends one request and resolves with its status (0: no answer) once the whole answer is read. */
function send(agent: Agent, target: URL, method: string, spec: ReturnType<NextRequest>): Promise<number> {
  return new Promise((resolve) => {
    const { path, body, headers } = spec;
    const req = request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method,
        path,
        headers: {
          ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    if (body) req.write(body);
    req.end();
  });
}

/** A closed-loop load: `connections` keep-alive clients, each sending its next request as soon as the last answered. */
export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const target = new URL(spec.url);
  const agent = new Agent({ keepAlive: true, maxSockets: spec.connections });
  const measured = new Measured();
  let counter = 0;
  const deadline = performance.now() + spec.durationMs;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: spec.connections }, async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        const status = await send(agent, target, spec.method ?? 'GET', spec.next(counter++));
        measured.record(status, performance.now() - started);
      }
    }),
  );
  agent.destroy();
  return measured.result((performance.now() - start) / 1000);
}

/** One kind of request sent at a fixed rate, whatever the answers' pace. */
export interface PacedStream {
  perSecond: number;
  method?: 'GET' | 'POST';
  next: NextRequest;
}

// Past this many unanswered requests the target has fallen behind for good: the rest are not sent.
const MOST_IN_FLIGHT = 4_000;

/**
 * An open-loop load: each stream's requests leave on schedule (as users arrive, not when the last
 * one was answered), and a latency counts from when its request was due, so a slow answer is not
 * hidden by requests that were never sent. Requests not sent because too many were waiting are
 * counted apart (`notSent`).
 */
export async function runPacedLoad(
  url: string,
  streams: Record<string, PacedStream>,
  durationMs: number,
): Promise<Record<string, LoadResult>> {
  const target = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: 1_024 });
  const entries = Object.entries(streams).map(([name, stream]) => ({
    name,
    stream,
    measured: new Measured(),
    sent: 0,
  }));
  const start = performance.now();
  const pending = new Set<Promise<void>>();
  for (let elapsed = 0; elapsed < durationMs; elapsed = performance.now() - start) {
    for (const entry of entries) {
      const due = Math.floor((elapsed * entry.stream.perSecond) / 1000);
      for (; entry.sent < due; entry.sent += 1) {
        const dueAt = start + (entry.sent * 1000) / entry.stream.perSecond;
        if (pending.size >= MOST_IN_FLIGHT) {
          entry.measured.notSent += 1;
          continue;
        }
        const answered = send(
          agent,
          target,
          entry.stream.method ?? 'GET',
          entry.stream.next(entry.sent),
        ).then((status) => {
          entry.measured.record(status, performance.now() - dueAt);
          pending.delete(answered);
        });
        pending.add(answered);
      }
    }
    // A few ms between rounds: this process shares the cores with what it measures.
    await sleep(2);
  }
  await Promise.all(pending);
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  return Object.fromEntries(entries.map((entry) => [entry.name, entry.measured.result(seconds)]));
}
