/**
 * `npm run bench` (booking part): holds and availability searches through the gateway, with the
 * booking service and the gateway in their own processes, next to pgbench running the same SQL
 * and a bare Node HTTP server, on the same machine in the same run.
 * Targets (issue #3): holds ≥ 50 % of pgbench's transaction; no multi-second tail on hot cars;
 * uncached search ≥ 50 % of pgbench's query; cached search ≥ 50 % of a bare server and ≥ 3,000/s.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { Client } from 'pg';
import { createKafka, deleteTopics, ensureTopics } from '@booking/kafka';
import { PROVISIONED_TOPICS } from '@booking/contracts';
import { databaseUrl, dropDatabase } from '@booking/db';
import { OUTBOX_CHANNEL } from '@booking/outbox';
import { bearer } from '@booking/testing';
import { ensureInfra, infraAddresses, stopStarted } from '../infra/local/infra';
import { freePort, waitForHttp } from '../infra/local/net';
import { backendsGone, cpuPerOp, cpuSnapshot } from './cpu-usage';
import { runLoad, type LoadResult, type LoadSpec } from './http-load';
import { pgbenchTps } from './pgbench';
import { wrkInstalled, wrkPerSecond } from './wrk';
import { prepareWrkLoad } from './wrk-load';
import { mixedPeakRows } from './mixed-peak';
import { fmt, loadRow as row, percentile, printTable } from './stats';

const CARS = 20_000;
const BOOKINGS = 200_000;
const CITIES = 20;
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);
const CONNECTIONS = 16;
// Not counted: the JIT compiling the services' hot paths and PostgreSQL reading the booking
// index into its buffers; holds measured kept improving for about 10 s under load.
const WARM_UP_MS = 10_000;
/** Holds start from two months ahead, after the seeded bookings and within the two-year horizon. */
const HOLDS_FROM = Math.ceil((Date.now() + 60 * 86_400_000) / 3_600_000) * 3_600_000;
const ROOT = join(__dirname, '..');

function startService(app: string, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(
    process.execPath,
    [
      // BENCH_CPU_PROF=<dir>: each service writes a .cpuprofile to <dir>/<app> when it exits
      // (`bench/profile-summary.ts <dir>` reads them).
      ...(process.env['BENCH_CPU_PROF']
        ? ['--cpu-prof', `--cpu-prof-dir=${join(process.env['BENCH_CPU_PROF'], app)}`]
        : []),
      '-r',
      join(ROOT, 'infra/local/register.js'),
      join(ROOT, `apps/${app}/src/main.ts`),
    ],
    {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}

async function seed(url: string): Promise<void> {
  const db = new Client({ connectionString: url });
  await db.connect();
  await db.query(`
    INSERT INTO resource (resource_id, name, kind, city, owner_id, time_zone, buffer_before_minutes, buffer_after_minutes,
      hold_minutes, deposit_amount, currency, business_hours, slot_minutes, min_notice_minutes, cancellation_policy,
      attributes, created_at, updated_at)
    SELECT md5('car' || n)::uuid, 'car ' || n, 'car', 'C' || (n % ${CITIES}), 'host-' || (n % 100), 'Asia/Ho_Chi_Minh',
      0, 60, 15, 2000000, 'VND', NULL, NULL, 0,
      '{"tiers":[{"minHoursBefore":72,"refundPercent":100},{"minHoursBefore":0,"refundPercent":0}],"noShowAfterMinutes":30,"maxReschedules":2}',
      jsonb_build_object('plate', 'B-' || n), now(), now()
    FROM generate_series(1, ${CARS}) AS n`);
  await db.query(`
    INSERT INTO booking (booking_id, resource_id, customer_id, status, period, blocked, time_zone, deposit_amount,
      paid_amount, currency, created_at, updated_at)
    SELECT gen_random_uuid(), md5('car' || (n % ${CARS} + 1))::uuid, 'seed-' || n, 'CONFIRMED',
      tstzrange(t, t + interval '1 day'), tstzrange(t, t + interval '25 hours'), 'Asia/Ho_Chi_Minh', 2000000, 2000000,
      'VND', now(), now()
    FROM generate_series(0, ${BOOKINGS - 1}) AS n,
         LATERAL (SELECT timestamptz '2027-01-01 00:00Z' + (n / ${CARS}) * interval '3 days') AS x(t)`);
  await db.query('ANALYZE resource');
  await db.query('ANALYZE booking');
  await db.end();
}

const HOLD_SQL = `
\\set n random(1, ${CARS})
\\set h random(0, 8759)
BEGIN;
SELECT 1 FROM resource WHERE resource_id = md5('car' || :n)::uuid FOR NO KEY UPDATE;
INSERT INTO booking (booking_id, resource_id, customer_id, status, period, blocked, time_zone, hold_expires_at,
  deposit_amount, currency, created_at, updated_at)
VALUES (gen_random_uuid(), md5('car' || :n)::uuid, 'pgbench', 'HOLD',
  tstzrange(timestamptz '2028-01-01 00:00Z' + make_interval(hours => :h), timestamptz '2028-01-01 02:00Z' + make_interval(hours => :h)),
  tstzrange(timestamptz '2028-01-01 00:00Z' + make_interval(hours => :h), timestamptz '2028-01-01 03:00Z' + make_interval(hours => :h)),
  'Asia/Ho_Chi_Minh', now() + interval '15 minutes', 2000000, 'VND', now(), now())
ON CONFLICT DO NOTHING;
INSERT INTO idempotency_key (customer_id, key, fingerprint, outcome, created_at)
VALUES ('pgbench', gen_random_uuid()::text, md5(random()::text), '{"kind":"held"}', now());
INSERT INTO outbox (event_id, topic, message_key, lane, payload)
VALUES (gen_random_uuid(), 'bench', :n::text, :n % 16, '{"type":"booking.held"}');
COMMIT;
`;

/**
 * The statements the booking service itself issues for a hold with an Idempotency-Key, in its
 * order (see CreateHold, BookingRepository.insertIfResourceUnchanged and IdempotencyStore): the
 * key's try-lock and read, a savepoint, then one statement that locks the resource row, inserts
 * the booking and writes the outbox row under its key's lock with its notification (skipped
 * while a busy relay holds the quiet lease: the booking service's relay publishes these rows too,
 * and goes busy under this load as under the holds'), then the key row. What the database alone
 * can do of the service's own transaction. (A clash, which the service meets with its savepoint,
 * is skipped here: pgbench would end the client; so is the row version's check.)
 */
const SERVICE_HOLD_SQL = `
\\set n random(1, ${CARS})
\\set h random(0, 8759)
\\set k random(1, 1000000000)
BEGIN;
SELECT pg_try_advisory_xact_lock(hashtextextended('pgbench' || :k, 7)) AS ok;
SELECT fingerprint, outcome FROM idempotency_key
 WHERE customer_id = 'pgbench' AND key = 'k' || :k AND created_at > now() - interval '1 day';
SAVEPOINT hold;
WITH locked AS (
  SELECT xmin::text AS version FROM resource WHERE resource_id = md5('car' || :n)::uuid FOR NO KEY UPDATE
), held AS (
  INSERT INTO booking (booking_id, resource_id, customer_id, status, period, blocked, time_zone, hold_expires_at,
    deposit_amount, paid_amount, currency, series_id, recurrence_id, contact, version, created_at, updated_at)
  SELECT gen_random_uuid(), md5('car' || :n)::uuid, 'pgbench', 'HOLD',
    tstzrange(timestamptz '2030-01-01 00:00Z' + make_interval(hours => :h), timestamptz '2030-01-01 02:00Z' + make_interval(hours => :h), '[)'),
    tstzrange(timestamptz '2030-01-01 00:00Z' + make_interval(hours => :h), timestamptz '2030-01-01 03:00Z' + make_interval(hours => :h), '[)'),
    'Asia/Ho_Chi_Minh', now() + interval '15 minutes', 2000000, 0, 'VND', NULL, NULL, NULL, 1, now(), now()
    FROM locked
  ON CONFLICT DO NOTHING
  RETURNING booking_id
), written AS (
  INSERT INTO outbox (event_id, topic, message_key, lane, payload)
  SELECT gen_random_uuid(), 'bench', 'b' || :k, :k % 16, '{"type":"booking.held"}'
    FROM held, (SELECT pg_advisory_xact_lock(hashtextextended('b' || :k, 0))) AS key_lock
  RETURNING CASE WHEN (SELECT until FROM outbox_quiet) > clock_timestamp() THEN NULL ELSE pg_notify('${OUTBOX_CHANNEL}', '') END
)
SELECT count(*)::int AS written FROM written;
INSERT INTO idempotency_key (customer_id, key, fingerprint, outcome, created_at)
VALUES ('pgbench', 'k' || :k, md5(random()::text), '{"kind":"held"}', now())
ON CONFLICT (customer_id, key) DO UPDATE SET fingerprint = excluded.fingerprint;
COMMIT;
`;

/** The same transaction as the service issued it before the lock, booking and event became one statement. */
const PREVIOUS_SERVICE_HOLD_SQL = `
\\set n random(1, ${CARS})
\\set h random(0, 8759)
\\set k random(1, 1000000000)
BEGIN;
SELECT pg_try_advisory_xact_lock(hashtextextended('pgbench' || :k, 7)) AS ok;
SELECT fingerprint, outcome FROM idempotency_key
 WHERE customer_id = 'pgbench' AND key = 'k' || :k AND created_at > now() - interval '1 day';
SELECT resource_id, name, kind, city, owner_id, time_zone, buffer_before_minutes, buffer_after_minutes, hold_minutes,
  deposit_amount, currency, business_hours, slot_minutes, min_notice_minutes, cancellation_policy, attributes,
  created_at, updated_at
  FROM resource WHERE resource_id = md5('car' || :n)::uuid FOR NO KEY UPDATE;
SAVEPOINT hold;
INSERT INTO booking (booking_id, resource_id, customer_id, status, period, blocked, time_zone, hold_expires_at,
  deposit_amount, paid_amount, currency, series_id, recurrence_id, contact, created_at, updated_at)
VALUES (gen_random_uuid(), md5('car' || :n)::uuid, 'pgbench', 'HOLD',
  tstzrange(timestamptz '2030-01-01 00:00Z' + make_interval(hours => :h), timestamptz '2030-01-01 02:00Z' + make_interval(hours => :h), '[)'),
  tstzrange(timestamptz '2030-01-01 00:00Z' + make_interval(hours => :h), timestamptz '2030-01-01 03:00Z' + make_interval(hours => :h), '[)'),
  'Asia/Ho_Chi_Minh', now() + interval '15 minutes', 2000000, 0, 'VND', NULL, NULL, NULL, now(), now())
ON CONFLICT DO NOTHING;
INSERT INTO outbox (event_id, topic, message_key, lane, payload)
SELECT gen_random_uuid(), 'bench', 'b' || :k, :k % 16, '{"type":"booking.held"}'
  FROM (SELECT pg_advisory_xact_lock(hashtextextended('b' || :k, 0))) AS key_lock
RETURNING CASE WHEN (SELECT until FROM outbox_quiet) > clock_timestamp() THEN NULL ELSE pg_notify('${OUTBOX_CHANNEL}', '') END;
INSERT INTO idempotency_key (customer_id, key, fingerprint, outcome, created_at)
VALUES ('pgbench', 'k' || :k, md5(random()::text), '{"kind":"held"}', now())
ON CONFLICT (customer_id, key) DO UPDATE SET fingerprint = excluded.fingerprint;
COMMIT;
`;

/** The booking service's search statement (ResourceRepository.findFree): ids and row versions. */
const SEARCH_SQL = `
\\set c random(0, ${CITIES - 1})
\\set m random(0, 36000)
SELECT r.resource_id AS "resourceId", r.xmin::text AS version FROM resource r
 WHERE r.city = 'C' || :c AND r.kind = 'car'
   AND NOT EXISTS (SELECT 1 FROM booking b WHERE b.resource_id = r.resource_id
     AND b.status IN ('HOLD', 'CONFIRMED', 'IN_PROGRESS')
     AND b.blocked && tstzrange(timestamptz '2027-01-02 06:00Z' + make_interval(secs => :m) - make_interval(mins => r.buffer_before_minutes),
                                timestamptz '2027-01-02 18:00Z' + make_interval(secs => :m) + make_interval(mins => r.buffer_after_minutes), '[)'))
 ORDER BY r.resource_id LIMIT 51;
`;

// Holds and uncached searches stay well below this; wrk is given this many requests a second.
const MOST_PER_SECOND = 3_000;

/**
 * A phase of holds or uncached searches: under wrk when it is installed (the requests made now,
 * outside what is measured), else under the Node client.
 */
function loadPhase(spec: LoadSpec): () => Promise<LoadResult> {
  if (!wrkInstalled()) return () => runLoad(spec);
  return prepareWrkLoad({ ...spec, count: Math.ceil((MOST_PER_SECOND * spec.durationMs) / 1000) });
}

/** Runs one phase and says how much CPU each process spent per operation in it. */
async function withCpu<T>(
  pids: Record<string, number | undefined>,
  run: () => Promise<T> | T,
  operations: (result: T) => number,
): Promise<[T, string]> {
  const before = cpuSnapshot(pids);
  const result = await run();
  await backendsGone(before?.postgresProcesses ?? 0);
  return [result, cpuPerOp(before, cpuSnapshot(pids), operations(result))];
}

async function main(): Promise<void> {
  const addresses = infraAddresses(process.env);
  const infra = await ensureInfra(addresses);
  const prefix = `bench${Date.now().toString(36)}`;
  const kafka = createKafka({ brokers: addresses.kafkaBrokers, clientId: 'bench', log: () => undefined });
  await ensureTopics(
    kafka,
    PROVISIONED_TOPICS.map((topic) => `${prefix}.${topic}`),
    { numPartitions: 6, replicationFactor: 1 },
  );
  const [bookingPort, gatewayPort] = [await freePort(), await freePort()];
  const env = {
    ...process.env,
    DATABASE_URL: addresses.databaseUrl,
    DATABASE_PREFIX: `${prefix}_`,
    REDIS_URL: addresses.redisUrl,
    REDIS_KEY_PREFIX: `${prefix}:`,
    KAFKA_BROKERS: addresses.kafkaBrokers.join(','),
    KAFKA_TOPIC_PREFIX: `${prefix}.`,
    LOG_LEVEL: 'error',
    // The development defaults (the internal secret) are refused anywhere else.
    NODE_ENV: 'development',
    BOOKING_PORT: String(bookingPort),
    GATEWAY_PORT: String(gatewayPort),
    BOOKING_URL: `http://127.0.0.1:${bookingPort}`,
    HOLD_RATE_LIMIT: '1000000000',
    HOLD_ADDRESS_RATE_LIMIT: '1000000000',
    JWT_SECRET: 'bench-secret-of-at-least-16-chars',
  };
  const booking = startService('booking', env);
  const children = [booking];
  const bookingDb = databaseUrl(addresses.databaseUrl, `${prefix}_booking`);
  try {
    await waitForHttp(`http://127.0.0.1:${bookingPort}/health/live`, 120_000);
    process.stdout.write(
      `seeding ${CARS.toLocaleString()} cars and ${BOOKINGS.toLocaleString()} bookings …\n`,
    );
    await seed(bookingDb);
    const gatewayProcess = startService('api-gateway', env);
    children.push(gatewayProcess);
    const pids = { booking: booking.pid, gateway: gatewayProcess.pid, load: process.pid };
    const requests = (result: LoadResult) => result.requests;
    const transactions = (perSecond: number | undefined) => (perSecond ?? 0) * SECONDS;
    await waitForHttp(`http://127.0.0.1:${gatewayPort}/health/live`, 120_000);
    const tokens = await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        bearer(`bench-customer-${i}`, 'customer', { secret: env.JWT_SECRET, expiresIn: '2h' }),
      ),
    );
    const admin = await bearer('bench-admin', 'admin', { secret: env.JWT_SECRET, expiresIn: '2h' });
    const gateway = `http://127.0.0.1:${gatewayPort}`;
    const at = (hours: number, plus: number) =>
      new Date(HOLDS_FROM + (hours + plus) * 3_600_000).toISOString();
    const holdRequest = (car: number, hour: number, i: number) => ({
      path: '/v1/bookings',
      body: JSON.stringify({
        resourceId: carUuid(car),
        start: at(hour, 0),
        end: at(hour, 2),
      }),
      // Every hold carries a key, as a front end's would: the same transaction as pgbench's.
      headers: {
        authorization: tokens[i % tokens.length]!,
        'idempotency-key': `bench-${i}-${Math.random()}`,
      },
    });

    const randomHold = (i: number) =>
      holdRequest(1 + Math.floor(Math.random() * CARS), Math.floor(Math.random() * 8760), i);
    const holdPhase = (durationMs: number, next: LoadSpec['next']) =>
      loadPhase({ url: gateway, method: 'POST', connections: CONNECTIONS, durationMs, next });
    await holdPhase(WARM_UP_MS, randomHold)();
    const [holds, holdsCpu] = await withCpu(pids, holdPhase(SECONDS * 1000, randomHold), requests);
    const [hot, hotCpu] = await withCpu(
      pids,
      holdPhase(SECONDS * 1000, (i) => holdRequest(1 + (i % 10), 9000 + Math.floor(Math.random() * 200), i)),
      requests,
    );
    const [holdTps, holdTpsCpu] = await withCpu(
      pids,
      () => pgbenchTps(bookingDb, HOLD_SQL, { clients: 8, seconds: SECONDS }),
      transactions,
    );
    const [serviceHoldTps, serviceHoldTpsCpu] = await withCpu(
      pids,
      () => pgbenchTps(bookingDb, SERVICE_HOLD_SQL, { clients: 8, seconds: SECONDS }),
      transactions,
    );
    const [previousHoldTps, previousHoldTpsCpu] = await withCpu(
      pids,
      () => pgbenchTps(bookingDb, PREVIOUS_SERVICE_HOLD_SQL, { clients: 8, seconds: SECONDS }),
      transactions,
    );

    // Between the seeded bookings (every 3 days from Jan 1): every car is free, a full page comes back.
    const searchPath = (city: number, second: number) => {
      const from = new Date(Date.parse('2027-01-02T06:00:00Z') + second * 1000).toISOString();
      const to = new Date(Date.parse('2027-01-02T18:00:00Z') + second * 1000).toISOString();
      return `/v1/availability?city=C${city}&kind=car&from=${from}&to=${to}`;
    };
    // Each search a period of its own, so every one is a miss; the warm-up's periods start earlier.
    const uncachedSearch = (second: number) => ({
      path: searchPath(Math.abs(second) % CITIES, second),
      headers: { authorization: admin },
    });
    const searchPhase = (durationMs: number, next: LoadSpec['next']) =>
      loadPhase({ url: gateway, connections: CONNECTIONS, durationMs, next });
    await searchPhase(WARM_UP_MS, (i) => uncachedSearch(-1 - i))();
    const [uncached, uncachedCpu] = await withCpu(
      pids,
      searchPhase(SECONDS * 1000, (i) => uncachedSearch(1 + i)),
      requests,
    );
    const [cached, cachedCpu] = await withCpu(
      pids,
      () =>
        runLoad({
          url: gateway,
          connections: CONNECTIONS,
          durationMs: SECONDS * 1000,
          next: () => ({ path: searchPath(3, 0), headers: { authorization: admin } }),
        }),
      requests,
    );
    const [searchTps, searchTpsCpu] = await withCpu(
      pids,
      () => pgbenchTps(bookingDb, SEARCH_SQL, { clients: 8, seconds: SECONDS }),
      transactions,
    );
    const body = await (
      await fetch(`${gateway}${searchPath(3, 0)}`, { headers: { authorization: admin } })
    ).text();
    const bare = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    });
    const barePort = await freePort();
    await new Promise<void>((resolve) => bare.listen(barePort, '127.0.0.1', resolve));
    const bareResult = await runLoad({
      url: `http://127.0.0.1:${barePort}`,
      connections: CONNECTIONS,
      durationMs: SECONDS * 1000,
      next: () => ({ path: '/' }),
    });
    const cachedUnderWrk = await wrkPerSecond(
      `${gateway}${searchPath(3, 0)}`,
      { authorization: admin },
      {
        connections: CONNECTIONS,
        seconds: SECONDS,
      },
    );
    const bareUnderWrk = await wrkPerSecond(
      `http://127.0.0.1:${barePort}/`,
      {},
      { connections: CONNECTIONS, seconds: SECONDS },
    );
    bare.close();

    // Requests that once cost seconds of CPU each, sent without pause while liveness is probed.
    const nested = '['.repeat(500_000) + ']'.repeat(500_000);
    const hostile = (i: number) => {
      const series = (start: string, rrule: string) =>
        JSON.stringify({
          resourceId: carUuid(1),
          start,
          end: start.replace('T10', 'T11'),
          timeZone: 'UTC',
          rrule,
        });
      const bodies = [
        series(
          `${new Date(HOLDS_FROM).toISOString().slice(0, 10)}T10:00:00`,
          'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
        ),
        series('1000-01-01T10:00:00', 'FREQ=DAILY'),
        nested,
      ];
      return {
        path: '/v1/bookings',
        body: bodies[i % bodies.length]!,
        headers: { authorization: tokens[i % 500]! },
      };
    };
    const idleProbes = await probeLiveness(`http://127.0.0.1:${bookingPort}`, () => sleep(SECONDS * 100));
    let hostileResult: LoadResult | undefined;
    const hostileProbes = await probeLiveness(`http://127.0.0.1:${bookingPort}`, async () => {
      hostileResult = await runLoad({
        url: gateway,
        method: 'POST',
        connections: CONNECTIONS,
        durationMs: SECONDS * 1000,
        next: hostile,
      });
    });

    const mixed = await mixedPeakRows({
      gateway,
      booking: `http://127.0.0.1:${bookingPort}`,
      pids,
      seconds: SECONDS * 6,
      hold: randomHold,
      search: (i) => ({ path: peakSearchPath(), headers: { authorization: tokens[i % tokens.length]! } }),
    });

    printTable(
      `Booking benchmark: ${CARS.toLocaleString()} cars, ${BOOKINGS.toLocaleString()} bookings, ${CONNECTIONS} connections, ${SECONDS} s each (2 cores shared by PostgreSQL, Redis, Kafka, both services and the load); holds and uncached searches under ${wrkInstalled() ? 'wrk' : 'the Node client (wrk not installed)'}`,
      [
        row('holds via gateway (random cars)', holds, { label: 'pgbench', perSecond: holdTps }),
        ['  CPU per hold', holdsCpu],
        [
          'pgbench, same transaction (8 clients)',
          holdTps === undefined ? 'pgbench not installed' : `${fmt(holdTps, 0)} tx/s`,
        ],
        ['  CPU per transaction', holdTpsCpu],
        [
          "pgbench, the service's own statements",
          serviceHoldTps === undefined
            ? 'pgbench not installed'
            : `${fmt(serviceHoldTps, 0)} tx/s  (holds via gateway = ${fmt((holds.perSecond / serviceHoldTps) * 100)} % of it)`,
        ],
        ['  CPU per transaction', serviceHoldTpsCpu],
        [
          "pgbench, the service's statements before the one-statement hold",
          previousHoldTps === undefined || serviceHoldTps === undefined
            ? 'pgbench not installed'
            : `${fmt(previousHoldTps, 0)} tx/s  (now ${fmt(serviceHoldTps / previousHoldTps, 2)}× that)`,
        ],
        ['  CPU per transaction', previousHoldTpsCpu],
        row('holds via gateway (10 hot cars)', hot),
        ['  CPU per request', hotCpu],
        row('search via gateway, uncached', uncached, { label: 'pgbench', perSecond: searchTps }),
        ['  CPU per search', uncachedCpu],
        [
          'pgbench, same query (8 clients)',
          searchTps === undefined ? 'pgbench not installed' : `${fmt(searchTps, 0)} q/s`,
        ],
        ['  CPU per query', searchTpsCpu],
        row('search via gateway, cached', cached, { label: 'bare server', perSecond: bareResult.perSecond }),
        ['  CPU per search', cachedCpu],
        row('bare Node HTTP server, same body', bareResult),
        [
          'the same two under wrk (C client)',
          cachedUnderWrk === undefined || bareUnderWrk === undefined
            ? 'wrk not installed'
            : `cached ${fmt(cachedUnderWrk, 0)}/s, bare ${fmt(bareUnderWrk, 0)}/s = ${fmt((cachedUnderWrk / bareUnderWrk) * 100)} %`,
        ],
        ['response body of a search', `${fmt(body.length / 1024)} KiB`],
        row('hostile holds (Feb 30 rule, year-1000 series, 1 MiB nesting)', hostileResult!),
        [
          "  booking's /health/live meanwhile",
          `p50 ${fmt(percentile(hostileProbes, 50))} ms  p99 ${fmt(percentile(hostileProbes, 99))} ms  max ${fmt(Math.max(...hostileProbes), 0)} ms  (${hostileProbes.length} probes; idle p99 ${fmt(percentile(idleProbes, 99))} ms, max ${fmt(Math.max(...idleProbes), 0)} ms)`,
        ],
      ],
    );
    printTable(
      `Peak mix: holds and searches at once through the gateway, at a fixed rate (${CARS.toLocaleString()} cars; the same processes as above)`,
      mixed,
    );
  } finally {
    // Each service drains and closes its pool on SIGTERM; the database is dropped only after they exit.
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
            child.once('exit', () => {
              clearTimeout(force);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
    await dropDatabase(addresses.databaseUrl, `${prefix}_booking`).catch(() => undefined);
    await deleteTopics(
      kafka,
      PROVISIONED_TOPICS.map((topic) => `${prefix}.${topic}`),
    ).catch(() => undefined);
    await stopStarted(infra);
  }
}

/**
 * Latencies of `/health/live` probed every 20 ms while `run` runs, from a process of its own:
 * in this one the load generator's event loop would be what is measured.
 */
async function probeLiveness(service: string, run: () => Promise<void>): Promise<number[]> {
  const probe = spawn(process.execPath, ['-e', PROBE_SCRIPT, `${service}/health/live`], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  probe.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => probe.once('exit', () => resolve()));
  await run();
  probe.stdin.end();
  await exited;
  return JSON.parse(output) as number[];
}

/** Probes the URL after `-e`'s script (argv[1]) until stdin closes, then prints the latencies. */
const PROBE_SCRIPT = `
const { setTimeout: sleep } = require('node:timers/promises');
const latencies = [];
let done = false;
process.stdin.on('end', () => (done = true)).resume();
(async () => {
  while (!done) {
    const started = performance.now();
    await fetch(process.argv[1]);
    latencies.push(performance.now() - started);
    await sleep(20);
  }
  process.stdout.write(JSON.stringify(latencies));
})();`;

const PICK_UP_HOURS = [8, 9, 10, 12, 14, 17];
const RENTAL_DAYS = [1, 2, 3, 7];

/**
 * A search as customers make them: one of 20 cities, a pick-up within the next 30 days (sooner
 * ones more often), at a usual hour, for a usual length; so as many repeat as would in life.
 */
function peakSearchPath(): string {
  const pick = <T>(values: T[]) => values[Math.floor(Math.random() * values.length)]!;
  const day = Math.floor(30 * Math.random() ** 2);
  const from =
    Math.floor(HOLDS_FROM / 86_400_000) * 86_400_000 + day * 86_400_000 + pick(PICK_UP_HOURS) * 3_600_000;
  const to = from + pick(RENTAL_DAYS) * 86_400_000;
  const city = Math.floor(Math.random() * CITIES);
  return `/v1/availability?city=C${city}&kind=car&from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}`;
}

/** md5('car' || n)::uuid, as the seed made the ids. */
function carUuid(n: number): string {
  const hex = createHash('md5').update(`car${n}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
