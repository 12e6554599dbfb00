import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
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

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  at: number;
}

/** A booking service process of its own, with its log lines (stdout) kept. */
async function startBookingProcess(settings: Record<string, string>) {
  const { kafkaBrokers } = testRun();
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
      // At info, so the shutdown's own line is logged.
      env: {
        ...process.env,
        ...serviceEnvironment(prefix),
        LOG_LEVEL: 'info',
        ...settings,
        BOOKING_PORT: String(port),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  let exit: Exit | undefined;
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => resolve((exit = { code, signal, at: Date.now() }))),
  );
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/health/ready`, 60_000);
  return {
    prefix,
    base,
    exited,
    hasExited: () => exit !== undefined,
    logLines: () => log.split('\n').filter(Boolean),
    terminate: () => {
      child.kill('SIGTERM');
      return Date.now();
    },
  };
}

/** What a request came to: its status, or how its connection failed, told apart. */
function fate(request: Promise<Response>): Promise<number | string> {
  return request.then(
    (response) => response.status,
    (error: { cause?: { code?: string } }) => {
      const code = error.cause?.code;
      return code === 'ECONNREFUSED' ? 'refused' : code === 'ECONNRESET' ? 'reset' : `failed ${code}`;
    },
  );
}

describe('graceful shutdown of a service process', () => {
  it('on SIGTERM leaves rotation, finishes and still takes requests through the drain, then exits', async () => {
    const service = await startBookingProcess({ SHUTDOWN_DRAIN_MS: '500', SHUTDOWN_GRACE_MS: '15000' });
    // As the gateway would send them: a token of its own for this service, naming the caller.
    const token = await new InternalTokens(TEST_INTERNAL_JWT_SECRET).sign(
      'booking',
      { caller: { userId: 'admin-1', role: 'admin' }, requestId: 'shutdown-test' },
      { method: 'POST', path: '/resources' },
    );
    const create = (i: number) =>
      fate(
        fetch(`${service.base}/resources`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ ...CAR, name: `car ${i}` }),
        }),
      );
    const inFlight = Array.from({ length: 40 }, (_, i) => create(i));
    await sleep(20);
    const signalledAt = service.terminate();

    // Readiness through the drain, until the port closes: 503 at once, while requests are served.
    const readiness: (number | string)[] = [];
    const duringDrain: Promise<number | string>[] = [];
    while (!service.hasExited() && typeof (readiness.at(-1) ?? 200) === 'number') {
      readiness.push(await fate(fetch(`${service.base}/health/ready`)));
      // All at the first 503, so all are sent early in the drain, however slow the polls are.
      if (readiness.at(-1) === 503 && duringDrain.length === 0)
        duringDrain.push(...Array.from({ length: 5 }, (_, i) => create(100 + i)));
      await sleep(10);
    }
    const statuses = await Promise.all(inFlight);
    const drained = await Promise.all(duringDrain);
    const exit = await service.exited;

    // Accepted before or during the drain: every one answered 201, none cut off, none refused.
    expect(statuses).toEqual(Array.from({ length: 40 }, () => 201));
    expect(drained).toEqual([201, 201, 201, 201, 201]);
    // Only the poll that met the closing port may fail: refused, or reset in its accept queue.
    expect(readiness.slice(0, -1).filter((seen) => seen !== 200 && seen !== 503)).toEqual([]);
    expect([200, 503, 'refused', 'reset']).toContain(readiness.at(-1));
    expect(readiness.filter((seen) => seen === 503).length).toBeGreaterThanOrEqual(5);
    // Once out of rotation it never comes back in.
    expect(readiness.slice(readiness.indexOf(503))).not.toContain(200);
    // Out of rotation for the whole drain, then closed and gone well inside the grace.
    expect(exit.at - signalledAt).toBeGreaterThanOrEqual(500);
    expect(exit.at - signalledAt).toBeLessThan(15_000);
    expect(exit.signal === 'SIGTERM' || exit.code === 0).toBe(true);
    expect(service.logLines().some((line) => JSON.parse(line).msg === 'shutting down')).toBe(true);

    const db = new PgClient({
      connectionString: databaseUrl(testRun().databaseUrl, `${service.prefix}_booking`),
    });
    await db.connect();
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM resource');
    await db.end();
    expect(rows[0]!.n).toBe(45);
  });

  it('exits with code 1 once a shutdown outlasts SHUTDOWN_GRACE_MS', async () => {
    // A drain longer than the grace stands in for any shutdown step that hangs.
    const service = await startBookingProcess({ SHUTDOWN_DRAIN_MS: '60000', SHUTDOWN_GRACE_MS: '400' });
    const signalledAt = service.terminate();
    const exit = await service.exited;
    expect(exit.code).toBe(1);
    expect(exit.at - signalledAt).toBeGreaterThanOrEqual(400);
    expect(exit.at - signalledAt).toBeLessThan(5_000);
    const messages = service.logLines().map((line) => JSON.parse(line).msg as string);
    expect(messages).toEqual(
      expect.arrayContaining(['shutting down', 'shutdown outlasted its grace: exiting']),
    );
  });
});
