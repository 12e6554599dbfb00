/**
 * `npm run bench:outbox`: commit-to-consumer latency of the outbox at a steady 500 events/s, from
 * a cold start and from a relay restarted on the warm broker, and the relay's throughput next to
 * a raw kafkajs producer on the same broker in the same run.
 * Targets (issue #2): p99 ≤ 100 ms at 500 events/s; relay throughput ≥ 50 % of raw.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import {
  createPool,
  databaseUrl,
  dropDatabase,
  ensureDatabase,
  runMigrations,
  warmPool,
  withTransaction,
} from '@booking/db';
import type { Kafka } from 'kafkajs';
import type { Pool } from 'pg';
import { createKafka, deleteTopics, ensureTopics, KafkaPublisher } from '@booking/kafka';
import { laneOf, OUTBOX_MIGRATIONS, OutboxRelay, OutboxWriter } from '@booking/outbox';
import { ensureInfra, infraAddresses, stopStarted } from '../infra/local/infra';
import { fmt, percentile, printTable } from './stats';

const THROUGHPUT_EVENTS = Number(process.env['BENCH_EVENTS'] ?? 50_000);
const LATENCY_RATE = 500;
const LATENCY_SECONDS = Number(process.env['BENCH_SECONDS'] ?? 20);
const WARM_UP_SECONDS = 10;
const WINDOW_SECONDS = Number(process.env['BENCH_WINDOW'] ?? 5);
const RESTART_SECONDS = 10;
const PAYLOAD = {
  bookingId: '',
  resourceId: randomUUID(),
  status: 'CONFIRMED',
  amount: 2_000_000,
  currency: 'VND',
};

async function main(): Promise<void> {
  const addresses = infraAddresses(process.env);
  const infra = await ensureInfra(addresses);
  const name = `bench_outbox_${Date.now().toString(36)}`;
  await ensureDatabase(addresses.databaseUrl, name);
  const url = databaseUrl(addresses.databaseUrl, name);
  await runMigrations(url, OUTBOX_MIGRATIONS);
  const pool = createPool(url, { max: 12 });
  const kafka = createKafka({ brokers: addresses.kafkaBrokers, clientId: 'bench', log: () => undefined });
  const rawTopic = `${name}.raw`;
  const relayTopic = `${name}.relay`;
  const latencyTopic = `${name}.latency`;
  const restartTopic = `${name}.restart`;
  const topics = [rawTopic, relayTopic, latencyTopic, restartTopic];
  await ensureTopics(kafka, topics, { numPartitions: 6, replicationFactor: 1 });
  const keys = Array.from({ length: 1_000 }, () => randomUUID());
  const envelope = (key: string) =>
    JSON.stringify({
      specversion: '1.0',
      id: randomUUID(),
      source: 'bench',
      type: 'booking.confirmed',
      subject: key,
      time: new Date().toISOString(),
      datacontenttype: 'application/json',
      data: { ...PAYLOAD, bookingId: key },
    });

  try {
    // 1. Latency, first, so that no backlog of the throughput runs (nor its vacuum) is in the way:
    // transactions commit at a steady rate; a consumer in its own process stamps each
    // arrival (in this process its callbacks would queue behind the writers' and skew the figure).
    // Every event, the warm-up's too: when it committed, and its place in the run.
    const commits = new Map<string, { at: number; i: number }>();
    const arrivedAt = new Map<string, number>();
    const consumer = spawn(
      process.execPath,
      [
        '-r',
        join(__dirname, '../infra/local/register.js'),
        join(__dirname, 'latency-consumer.ts'),
        addresses.kafkaBrokers.join(','),
        `${latencyTopic},${restartTopic}`,
        `${name}-latency`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const ready = new Promise<void>((resolve) => {
      createInterface({ input: consumer.stdout }).on('line', (line) => {
        if (line === 'ready') return resolve();
        const [id, at] = line.split(' ');
        arrivedAt.set(id!, Number(at));
      });
    });
    await ready;
    const steadyWrites = (topic: string, count: number, writerPool = pool) =>
      writeSteadily({ pool: writerPool, url, kafka, topic, keys, count, commits });
    // The first seconds are not counted: the JITs are still compiling the writer's, the relay's and,
    // on a broker just started, Kafka's paths (the first 3 s were not enough for a cold broker).
    const warmUp = LATENCY_RATE * WARM_UP_SECONDS;
    const total = warmUp + LATENCY_RATE * LATENCY_SECONDS;
    const live = await steadyWrites(latencyTopic, total);
    const achievedRate = live.achievedRate;
    const counted = total - warmUp;
    const deadline = Date.now() + 30_000;
    while (arrivedAt.size < total && Date.now() < deadline) await sleep(100);
    await live.stop();
    // A service restarted on a warm broker: a new pool, producer session and relay meet 500 events/s
    // at once. Its first seconds against the cold start's above tell the broker's warm-up apart.
    const restartPool = createPool(url, { max: 12 });
    // As a service does before it listens (DB_POOL_WARM); BENCH_POOL_WARM=0 shows a cold pool's.
    await warmPool(restartPool, Number(process.env['BENCH_POOL_WARM'] ?? 10));
    const restarted = await steadyWrites(restartTopic, LATENCY_RATE * RESTART_SECONDS, restartPool);
    const restartDeadline = Date.now() + 30_000;
    while (arrivedAt.size < total + LATENCY_RATE * RESTART_SECONDS && Date.now() < restartDeadline)
      await sleep(100);
    await restarted.stop();
    await restartPool.end();
    consumer.kill('SIGTERM');
    const afterRestart: number[][] = [];
    for (const id of restarted.ids) {
      const committed = commits.get(id)!;
      const arrived = arrivedAt.get(id);
      if (arrived !== undefined)
        (afterRestart[Math.floor(committed.i / LATENCY_RATE)] ??= []).push(arrived - committed.at);
    }
    const afterWarmUp = [...commits].filter(([, { i }]) => i >= warmUp);
    const latencies = afterWarmUp.flatMap(([id, { at }]) => {
      const arrived = arrivedAt.get(id);
      return arrived === undefined ? [] : [arrived - at];
    });

    // 2. Raw kafkajs: the same producer settings as the relay, batches of 500, one at a time.
    const raw = new KafkaPublisher(kafka);
    await raw.publish([{ topic: rawTopic, key: 'warm-up', value: envelope('warm-up') }]);
    const rawStart = performance.now();
    for (let sent = 0; sent < THROUGHPUT_EVENTS; sent += 500) {
      await raw.publish(
        Array.from({ length: 500 }, (_, i) => {
          const key = keys[(sent + i) % keys.length]!;
          return { topic: rawTopic, key, value: envelope(key) };
        }),
      );
    }
    const rawSeconds = (performance.now() - rawStart) / 1000;
    await raw.disconnect();

    // 3. The relay draining a backlog of the same size, written beforehand.
    for (let written = 0; written < THROUGHPUT_EVENTS; written += 5_000) {
      const rows = Array.from(
        { length: Math.min(5_000, THROUGHPUT_EVENTS - written) },
        (_, i) => keys[(written + i) % keys.length]!,
      );
      await pool.query(
        `INSERT INTO outbox (event_id, topic, message_key, lane, payload)
         SELECT gen_random_uuid(), $1, k, l, p::jsonb FROM unnest($2::text[], $3::int[], $4::text[]) AS t(k, l, p)`,
        [relayTopic, rows, rows.map(laneOf), rows.map(envelope)],
      );
    }
    const relayPublisher = new KafkaPublisher(kafka);
    const relay = new OutboxRelay({
      pool,
      databaseUrl: url,
      publisher: relayPublisher,
      pollIntervalMs: 1_000_000,
      batchSize: Number(process.env['BENCH_BATCH'] ?? 500),
    });
    const relayStart = performance.now();
    const relayed = await relay.drainOnce();
    const relaySeconds = (performance.now() - relayStart) / 1000;
    await relayPublisher.disconnect();
    if (relayed !== THROUGHPUT_EVENTS) throw new Error(`relay sent ${relayed} of ${THROUGHPUT_EVENTS}`);

    // Where the time goes: write → marked published, by the database's own clock (warm-up left out).
    const { rows: marked } = await pool.query<{ p50: number; p99: number }>(
      `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS p50, percentile_cont(0.99) WITHIN GROUP (ORDER BY ms) AS p99
         FROM (SELECT extract(epoch FROM published_at - created_at) * 1000 AS ms FROM outbox
                WHERE topic = $1 AND event_id = ANY($2::uuid[])) AS t`,
      [latencyTopic, afterWarmUp.map(([id]) => id)],
    );
    // By window since the start, the warm-up included: where a cold start's latency goes.
    const byWindow: number[][] = [];
    for (const [id, { at, i }] of commits) {
      const arrived = arrivedAt.get(id);
      if (arrived !== undefined)
        (byWindow[Math.floor(i / (LATENCY_RATE * WINDOW_SECONDS))] ??= []).push(arrived - at);
    }
    const { rows: markedByWindow } = await pool.query<{ p99: number }>(
      `SELECT percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM published_at - created_at) * 1000) AS p99
         FROM outbox WHERE topic = $1
        GROUP BY floor(extract(epoch FROM created_at - (SELECT min(created_at) FROM outbox WHERE topic = $1)) / $2)
        ORDER BY min(created_at)`,
      [latencyTopic, WINDOW_SECONDS],
    );
    const rawRate = THROUGHPUT_EVENTS / rawSeconds;
    const relayRate = THROUGHPUT_EVENTS / relaySeconds;
    printTable('Outbox benchmark (one machine: PostgreSQL, Kafka and this process share 2 cores)', [
      ['raw kafkajs producer (batches of 500)', `${fmt(rawRate, 0)} events/s`],
      ['outbox relay draining a backlog', `${fmt(relayRate, 0)} events/s`],
      ['relay / raw', `${fmt((relayRate / rawRate) * 100)} %   (target ≥ 50 %)`],
      [
        'latency run: offered / achieved rate',
        `${LATENCY_RATE} / ${fmt(achievedRate, 0)} events/s for ${LATENCY_SECONDS} s`,
      ],
      ['events received (after the warm-up)', `${latencies.length} of ${counted}`],
      ['write → marked published p50 / p99', `${fmt(marked[0]!.p50)} / ${fmt(marked[0]!.p99)} ms`],
      ['commit → consumer p50', `${fmt(percentile(latencies, 50))} ms`],
      ['commit → consumer p99', `${fmt(percentile(latencies, 99))} ms   (target ≤ 100 ms)`],
      ['commit → consumer max', `${fmt(latencies.reduce((most, value) => Math.max(most, value), 0))} ms`],
      [
        `commit → consumer p99 per ${WINDOW_SECONDS} s from the start`,
        `${byWindow.map((window) => fmt(percentile(window, 99), 0)).join(' ')} ms   (warm-up included)`,
      ],
      [
        `write → marked p99 per ${WINDOW_SECONDS} s from the start`,
        `${markedByWindow.map((row) => fmt(row.p99, 0)).join(' ')} ms`,
      ],
      [
        'after a relay restart on the warm broker: commit → consumer p99 per 1 s',
        `${afterRestart.map((window) => fmt(percentile(window, 99), 0)).join(' ')} ms   (${restarted.ids.length} events, ${afterRestart.flat().length} received)`,
      ],
    ]);
  } finally {
    await pool.end();
    await dropDatabase(addresses.databaseUrl, name);
    await deleteTopics(kafka, topics).catch(() => undefined);
    await stopStarted(infra);
  }
}

/**
 * `count` events committed at LATENCY_RATE through a relay, producer session and writer of their
 * own, started now; `commits` gets when each committed and its place in the run.
 */
async function writeSteadily(run: {
  pool: Pool;
  url: string;
  kafka: Kafka;
  topic: string;
  keys: string[];
  count: number;
  commits: Map<string, { at: number; i: number }>;
}): Promise<{ achievedRate: number; ids: string[]; stop: () => Promise<void> }> {
  const publisher = new KafkaPublisher(run.kafka);
  const relay = new OutboxRelay({
    pool: run.pool,
    databaseUrl: run.url,
    publisher,
    minDrainIntervalMs: Number(process.env['BENCH_MIN_INTERVAL'] ?? 20),
    coalesceMs: Number(process.env['BENCH_COALESCE'] ?? 5),
  });
  await relay.start();
  const writer = new OutboxWriter('bench', () => new Date());
  const ids: string[] = [];
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < run.count; i += 1) {
    const due = start + (i * 1000) / LATENCY_RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const key = run.keys[i % run.keys.length]!;
    inFlight.push(
      withTransaction(run.pool, async (tx) => {
        const event = await writer.write(tx, {
          topic: run.topic,
          type: 'booking.confirmed',
          subject: key,
          data: PAYLOAD,
        });
        return event.id;
      }).then((id) => {
        run.commits.set(id, { at: Date.now(), i });
        ids.push(id);
      }),
    );
  }
  await Promise.all(inFlight);
  const achievedRate = run.count / ((performance.now() - start) / 1000);
  return {
    achievedRate,
    ids,
    stop: async () => {
      await relay.stop();
      await publisher.disconnect();
    },
  };
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
