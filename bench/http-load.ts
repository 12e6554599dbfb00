import { Agent, request } from 'node:http';
import { percentile } from './stats';

export interface LoadResult {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  statuses: Record<number, number>;
}

export interface LoadSpec {
  url: string;
  method?: 'GET' | 'POST';
  connections: number;
  durationMs: number;
  /** The i-th request's path and body; lets every request differ (customer, car, period). */
  next: (i: number) => { path: string; body?: string; headers?: Record<string, string> };
}

/** A closed-loop load: `connections` keep-alive clients, each sending its next request as soon as the last answered. */
export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const target = new URL(spec.url);
  const agent = new Agent({ keepAlive: true, maxSockets: spec.connections });
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let counter = 0;
  const deadline = performance.now() + spec.durationMs;
  const one = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const { path, body, headers } = spec.next(counter++);
      const started = performance.now();
      const req = request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          method: spec.method ?? 'GET',
          path,
          headers: {
            ...(body
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
              : {}),
            ...headers,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - started);
            statuses[res.statusCode ?? 0] = (statuses[res.statusCode ?? 0] ?? 0) + 1;
            resolve();
          });
        },
      );
      req.on('error', reject);
      if (body) req.write(body);
      req.end();
    });
  const start = performance.now();
  await Promise.all(
    Array.from({ length: spec.connections }, async () => {
      while (performance.now() < deadline) await one();
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  return {
    requests: latencies.length,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.reduce((most, value) => Math.max(most, value), 0),
    statuses,
  };
}
