import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client as PgClient } from 'pg';
import { PROVISIONED_TOPICS } from '@booking/contracts';
import { databaseUrl } from '@booking/db';
import { createKafka, ensureTopics } from '@booking/kafka';
import { freePort, waitForHttp } from '@booking/local-infra';
import { InternalTokens } from '@booking/nest-kit';
import { TEST_INTERNAL_JWT_SECRET, testRun, uniqueName } from '@booking/testing';
import { CAR } from './fixtures';
import { serviceEnvironment } from './platform';

const ROOT = join(__dirname, '../../..');

describe('graceful shutdown of a service process', () => {
  it('on SIGTERM finishes the requests in flight, then exits by itself', async () => {
    const { databaseUrl: serverUrl, kafkaBrokers } = testRun();
    const prefix = uniqueName('shutdown');
    const port = await freePort();
    const kafka = createKafka({ brokers: kafkaBrokers, clientId: prefix, log: () => undefined });
    await ensureTopics(
      kafka,
      PROVISIONED_TOPICS.map((topic) => `${prefix}.${topic}`),
      { numPartitions: 2, replicationFactor: 1 },
    );
    const child = spawn(
      process.execPath,
      ['-r', join(ROOT, 'infra/local/register.js'), join(ROOT, 'apps/booking/src/main.ts')],
      {
        env: { ...process.env, ...serviceEnvironment(prefix), BOOKING_PORT: String(port) },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>(
      (resolve) => child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
    );
    const base = `http://127.0.0.1:${port}`;
    await waitForHttp(`${base}/health/ready`, 60_000);

    // As the gateway would send them: a token of its own for this service, naming the caller.
    const token = await new InternalTokens(TEST_INTERNAL_JWT_SECRET).sign('booking', {
      caller: { userId: 'admin-1', role: 'admin' },
      requestId: 'shutdown-test',
    });
    const inFlight = Array.from({ length: 40 }, (_, i) =>
      fetch(`${base}/resources`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ ...CAR, name: `car ${i}` }),
      }).then(
        (response) => response.status,
        () => 'refused' as const,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    const signalledAt = Date.now();
    child.kill('SIGTERM');
    const statuses = await Promise.all(inFlight);
    const exit = await exited;

    // Every request either completed or was never taken; none was cut off half way with a 5xx.
    expect(statuses.filter((status) => typeof status === 'number' && status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThan(0);
    expect(exit.signal === 'SIGTERM' || exit.code === 0).toBe(true);
    expect(exit.at - signalledAt).toBeLessThan(15_000);

    const db = new PgClient({ connectionString: databaseUrl(serverUrl, `${prefix}_booking`) });
    await db.connect();
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM resource');
    await db.end();
    expect(rows[0]!.n).toBe(statuses.filter((status) => status === 201).length);
  });
});
