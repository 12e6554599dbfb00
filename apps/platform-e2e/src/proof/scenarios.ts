import { setTimeout as sleep } from 'node:timers/promises';
import { bearer } from '@booking/testing';
import { unpublishedOutboxRows } from './invariants';
import { ResourceSampler } from './resource-sampler';
import { postgresStartedAt, processCycled, redisRunId, witnessed } from './fault-witness';
import type { ServiceProcess } from './service-process';
import {
  runScenario,
  type InjectedFaults,
  type ProofWorld,
  type ScenarioPromises,
  type ScenarioResult,
  type ScenarioSize,
} from './scenario';

export interface Scenario {
  name: string;
  /** Seconds for CI; minutes for `npm run proof`. */
  sizes: Record<ProofSize, ScenarioSize>;
  run(world: ProofWorld, size: ScenarioSize): Promise<ScenarioResult>;
}

export type ProofSize = 'short' | 'full';

/**
 * Injects `size.faults` faults, spread over the load's least length; returns what each measured.
 * Each fault answers whether it was seen to happen: a scenario reports only those as its count.
 */
async function eachFault<T>(size: ScenarioSize, fault: (index: number) => Promise<T>): Promise<T[]> {
  const measured: T[] = [];
  for (let i = 0; i < size.faults; i += 1) {
    await sleep(size.loadMs / (size.faults + 1));
    measured.push(await fault(i));
  }
  return measured;
}

/** How long the relays may take to publish what piled up while Kafka was away. */
const SETTLE_OUTBOX_MS = 120_000;

/** A soak shorter than this says nothing of leaks; past it, a heap growing faster than this is one. */
const SOAK_JUDGED_FROM_MS = 10 * 60_000;
const HEAP_GROWTH_MB_PER_HOUR = 30;

/** Expensive reads sent just before a SIGTERM, and how long before it they leave. */
const EXPENSIVE_READS = 8;
const IN_FLIGHT_AFTER_MS = 30;

/** How late this busy process may see another's exit. */
const OBSERVER_LAG_MS = 2_000;

const maxOf = (values: number[]) => Math.round(Math.max(0, ...values));

/** How many faults were seen to happen (a process or server seen to end and run again). */
const seenCount = (faults: { seen: boolean }[]) => faults.filter((fault) => fault.seen).length;

/** A scenario: the load, with these faults injected while it runs. */
const scenario = (
  name: string,
  sizes: Record<ProofSize, ScenarioSize>,
  inject: (world: ProofWorld, size: ScenarioSize) => Promise<InjectedFaults>,
  promises: ScenarioPromises = {},
): Scenario => ({
  name,
  sizes,
  run: (world, size) => runScenario(world, name, size, () => inject(world, size), promises),
});

export const SCENARIOS: readonly Scenario[] = [
  scenario(
    'many instances, no faults: a soak',
    {
      short: { loadMs: 10_000, journeysPerSecond: 20, faults: 0 },
      // As fast as a scenario may go: half the measured capacity.
      full: { loadMs: 30 * 60_000, journeysPerSecond: Number.POSITIVE_INFINITY, faults: 0 },
    },
    async (world, size) => {
      const sampler = new ResourceSampler(world.stack.instances, Math.max(1_000, size.loadMs / 180)).start();
      await sleep(size.loadMs);
      const found = await sampler.stop();
      // Judged only over a run long enough for a leak to outgrow the heap's own swings.
      const judged = size.loadMs >= SOAK_JUDGED_FROM_MS;
      const growing = judged && found.heapSlopeMbPerHour > HEAP_GROWTH_MB_PER_HOUR;
      return {
        count: 0,
        figures:
          `${world.stack.instances.length} processes; steepest slope RSS ${Math.round(found.rssSlopeMbPerHour)} MB/h, ` +
          `heap ${Math.round(found.heapSlopeMbPerHour)} MB/h${judged ? '' : ' (too short to judge)'}; ` +
          `event-loop delay p99 at most ${Math.round(found.loopP99Ms)} ms (${found.samples} samples)`,
        violations: growing ? [`a heap grew ${Math.round(found.heapSlopeMbPerHour)} MB/h`] : [],
      };
    },
  ),
  scenario(
    'SIGKILL of a random instance, restarted',
    {
      short: { loadMs: 20_000, journeysPerSecond: 20, faults: 3 },
      full: { loadMs: 1_000_000, journeysPerSecond: 20, faults: 100 },
    },
    async (world, size) => {
      const restarts = await eachFault(size, async () => {
        const victims = world.stack.instances;
        const victim = victims[Math.floor(Math.random() * victims.length)]!;
        const pid = victim.pid;
        const exit = await victim.stop('SIGKILL');
        const killedAt = Date.now();
        await victim.start();
        return { ms: Date.now() - killedAt, seen: processCycled(exit, 'SIGKILL', pid, victim.pid) };
      });
      return {
        count: seenCount(restarts),
        figures: `back in rotation within ${maxOf(restarts.map((restart) => restart.ms))} ms`,
      };
    },
  ),
  scenario(
    'PostgreSQL restarted (pg_ctl restart -m fast)',
    {
      short: { loadMs: 12_000, journeysPerSecond: 20, faults: 1 },
      full: { loadMs: 120_000, journeysPerSecond: 40, faults: 5 },
    },
    async (world, size) => {
      const outages = await eachFault(size, () =>
        witnessed(postgresStartedAt(world.stack.postgres.url), async () => {
          const stoppedAt = Date.now();
          await world.stack.postgres.stop('fast');
          await world.stack.postgres.start();
          return Date.now() - stoppedAt;
        }),
      );
      const ready = await everyInstanceReady(world);
      return {
        count: seenCount(outages),
        figures: `down ${maxOf(outages.map((outage) => outage.measured))} ms at most; ${ready.length === 0 ? 'every instance ready again' : ready.join(', ')}`,
        violations: ready,
      };
    },
  ),
  scenario(
    'Redis stopped and started',
    {
      short: { loadMs: 12_000, journeysPerSecond: 20, faults: 1 },
      full: { loadMs: 120_000, journeysPerSecond: 40, faults: 5 },
    },
    async (world, size) => {
      const outages = await eachFault(size, () =>
        witnessed(redisRunId(world.stack.redisPort), async () => {
          await world.stack.stopRedis();
          // While Redis is away a search is answered from PostgreSQL.
          const status = await searchStatus(world);
          await sleep(2_000);
          await world.stack.startRedis();
          return status;
        }),
      );
      const searches = outages.map((outage) => outage.measured);
      const failed = searches.filter((status) => status !== 200);
      return {
        count: seenCount(outages),
        figures: `searches during the outage answered ${searches.join(', ')}`,
        violations: failed.map((status) => `a search while Redis was away answered ${status}`),
      };
    },
  ),
  scenario(
    'a Kafka broker killed (SIGKILL) and restarted',
    {
      short: { loadMs: 20_000, journeysPerSecond: 20, faults: 2 },
      full: { loadMs: 300_000, journeysPerSecond: 40, faults: 9 },
    },
    async (world, size) => {
      const { kafkaCluster } = world.stack;
      const kills = await eachFault(size, async (i) => {
        const node = kafkaCluster.nodes[i % kafkaCluster.nodes.length]!;
        const killedAt = Date.now();
        const seen = await kafkaCluster.killNode(node.id);
        await kafkaCluster.startNode(node.id);
        await world.stack.awaitFullReplication();
        return { ms: Date.now() - killedAt, seen };
      });
      return {
        count: seenCount(kills),
        figures: `every partition fully replicated again within ${maxOf(kills.map((kill) => kill.ms))} ms of the kill`,
      };
    },
  ),
  scenario(
    'the whole Kafka cluster down',
    {
      short: { loadMs: 30_000, journeysPerSecond: 20, faults: 1, outageMs: 20_000 },
      full: { loadMs: 120_000, journeysPerSecond: 40, faults: 1, outageMs: 60_000 },
    },
    async (world, size) => {
      const { kafkaCluster } = world.stack;
      const violations: string[] = [];
      const drains = await eachFault(size, async () => {
        const everyBrokerDied = await kafkaCluster.stop();
        // The outbox keeps every event meanwhile: no instance may leave rotation for it.
        for (const name of await notReadyWithin(world, size.outageMs ?? 0))
          violations.push(`${name} was not ready while Kafka was down`);
        const backlog = await outboxBacklog(world);
        await kafkaCluster.startAll();
        const cameBackAt = Date.now();
        while ((await outboxBacklog(world)) > 0 && Date.now() - cameBackAt < SETTLE_OUTBOX_MS)
          await sleep(250);
        // Seen when every broker died and events piled up in the outboxes for want of one.
        return { backlog, drainedMs: Date.now() - cameBackAt, seen: everyBrokerDied && backlog > 0 };
      });
      return {
        count: seenCount(drains),
        figures:
          `down ${Math.round((size.outageMs ?? 0) / 1000)} s; ` +
          `${violations.length === 0 ? 'every instance stayed ready' : `${violations.length} left rotation`}; ` +
          drains
            .map(
              (drain) =>
                `an outbox backlog of ${drain.backlog} events drained ${drain.drainedMs} ms after the brokers took requests`,
            )
            .join('; '),
        violations,
      };
    },
  ),
  scenario(
    'SIGTERM of an instance of each app while the other serves',
    {
      // Mostly reads, as front ends send: no client request may fail while one instance stops.
      // A fault every 10 s: closer, and the restarts alone kept this machine's cores busy.
      short: { loadMs: 60_000, journeysPerSecond: 2, readsPerSecond: 200, faults: 5 },
      full: { loadMs: 120_000, journeysPerSecond: 2, readsPerSecond: 200, faults: 10 },
    },
    async (world, size) => {
      const violations: string[] = [];
      const apps = [...new Set(world.stack.instances.map((instance) => instance.app))];
      const exits = await eachFault(size, async (i) => {
        const instance = world.stack.instances.find((candidate) => candidate.app === apps[i % apps.length])!;
        const pid = instance.pid;
        // The costliest reads there are, in flight when the signal comes: each must still be answered.
        const expensive =
          instance.app === 'booking' || instance.app === 'api-gateway' ? expensiveReads(world, instance) : [];
        await sleep(IN_FLIGHT_AFTER_MS);
        const signalledAt = Date.now();
        const exit = await instance.stop('SIGTERM');
        for (const status of await Promise.all(expensive))
          if (status !== 200)
            violations.push(`a 31-day slot read in flight at ${instance.name}'s SIGTERM answered ${status}`);
        if (exit.code !== 0 && exit.signal !== 'SIGTERM')
          violations.push(`${instance.name} exited with ${exit.code ?? exit.signal} after SIGTERM`);
        // Code 1 is the service's own timer forcing its exit at SHUTDOWN_GRACE_MS; the time seen
        // from here may lag (this process runs the load), so only a wide overrun means a hang.
        if (exit.at - signalledAt > world.stack.shutdownGraceMs + OBSERVER_LAG_MS)
          violations.push(`${instance.name} took ${exit.at - signalledAt} ms to exit`);
        await instance.start();
        return { ms: exit.at - signalledAt, seen: processCycled(exit, 'SIGTERM', pid, instance.pid) };
      });
      return {
        count: seenCount(exits),
        figures: `exited within ${maxOf(exits.map((exit) => exit.ms))} ms; ${EXPENSIVE_READS} reads of 31 days of 5-minute slots in flight at each SIGTERM of a booking or gateway instance`,
        violations,
      };
    },
    { everyRequestAnswered: true },
  ),
];

/** Instances not ready within 30 s of a fault ending: each must recover by itself. */
async function everyInstanceReady(world: ProofWorld): Promise<string[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const notReady = await instancesNotReady(world);
    if (notReady.length === 0 || Date.now() > deadline)
      return notReady.map((name) => `${name} not ready 30 s after PostgreSQL came back`);
    await sleep(250);
  }
}

/** Every instance that answered "not ready" at least once in the next `ms`, probed twice a second. */
async function notReadyWithin(world: ProofWorld, ms: number): Promise<Set<string>> {
  const seen = new Set<string>();
  const until = Date.now() + ms;
  while (Date.now() < until) {
    for (const name of await instancesNotReady(world)) seen.add(name);
    await sleep(500);
  }
  return seen;
}

async function instancesNotReady(world: ProofWorld): Promise<string[]> {
  const statuses = await Promise.all(
    world.stack.instances.map(async (instance) => ({
      name: instance.name,
      status: await fetch(`${instance.url}/health/ready`).then(
        (response) => response.status,
        () => 0,
      ),
    })),
  );
  return statuses.filter((probe) => probe.status !== 200).map((probe) => probe.name);
}

async function outboxBacklog(world: ProofWorld): Promise<number> {
  const counts = await unpublishedOutboxRows((service) => world.stack.database(service));
  return [...counts.values()].reduce((sum, n) => sum + n, 0);
}

/**
 * Slots of 31 days in 5-minute steps (about 9,000, the most a request may ask for) for the load's
 * cars: sent to the instance itself when it is a gateway, else through the gateways to both
 * instances of the service. Resolves to each answer's status (0: none).
 */
function expensiveReads(world: ProofWorld, instance: ServiceProcess): Promise<number>[] {
  const from = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 31 * 86_400_000).toISOString().slice(0, 10);
  return Array.from({ length: EXPENSIVE_READS }, async (_, i) => {
    const base = instance.app === 'api-gateway' ? instance.url : world.stack.nextGatewayUrl();
    const resourceId = world.resourceIds[i % world.resourceIds.length]!;
    return fetch(`${base}/v1/resources/${resourceId}/slots?from=${from}&to=${to}&durationMinutes=5`, {
      headers: { authorization: await bearer('proof-slot-reader', 'customer') },
    }).then(
      async (response) => {
        await response.arrayBuffer();
        return response.status;
      },
      () => 0,
    );
  });
}

async function searchStatus(world: ProofWorld): Promise<number> {
  const from = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const to = new Date(Date.now() + 31 * 86_400_000).toISOString();
  const response = await fetch(
    `${world.stack.nextGatewayUrl()}/v1/availability?city=PROOF&kind=car&from=${from}&to=${to}`,
    { headers: { authorization: await bearer('proof-searcher', 'customer') } },
  );
  return response.status;
}
