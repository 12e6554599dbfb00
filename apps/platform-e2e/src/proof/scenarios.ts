import { setTimeout as sleep } from 'node:timers/promises';
import { bearer } from '@booking/testing';
import {
  runScenario,
  type InjectedFaults,
  type ProofWorld,
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

/** Injects `size.faults` faults, spread over the load's least length; returns what each measured. */
async function eachFault<T>(size: ScenarioSize, fault: (index: number) => Promise<T>): Promise<T[]> {
  const measured: T[] = [];
  for (let i = 0; i < size.faults; i += 1) {
    await sleep(size.loadMs / (size.faults + 1));
    measured.push(await fault(i));
  }
  return measured;
}

/** How late this busy process may see another's exit. */
const OBSERVER_LAG_MS = 2_000;

const maxOf = (values: number[]) => Math.round(Math.max(0, ...values));

/** A scenario: the load, with these faults injected while it runs. */
const scenario = (
  name: string,
  sizes: Record<ProofSize, ScenarioSize>,
  inject: (world: ProofWorld, size: ScenarioSize) => Promise<InjectedFaults>,
): Scenario => ({
  name,
  sizes,
  run: (world, size) => runScenario(world, name, size, () => inject(world, size)),
});

export const SCENARIOS: readonly Scenario[] = [
  scenario(
    'many instances, no faults',
    {
      short: { loadMs: 8_000, journeysPerSecond: 20, faults: 0 },
      full: { loadMs: 60_000, journeysPerSecond: 40, faults: 0 },
    },
    async (world) => ({
      count: 0,
      figures: `${world.stack.instances.length} service and gateway processes`,
    }),
  ),
  scenario(
    'SIGKILL of a random instance, restarted',
    {
      short: { loadMs: 20_000, journeysPerSecond: 20, faults: 3 },
      full: { loadMs: 1_000_000, journeysPerSecond: 20, faults: 100 },
    },
    async (world, size) => {
      const restartMs = await eachFault(size, async () => {
        const victims = world.stack.instances;
        const victim = victims[Math.floor(Math.random() * victims.length)]!;
        await victim.stop('SIGKILL');
        const killedAt = Date.now();
        await victim.start();
        return Date.now() - killedAt;
      });
      return { count: size.faults, figures: `back in rotation within ${maxOf(restartMs)} ms` };
    },
  ),
  scenario(
    'PostgreSQL restarted (pg_ctl restart -m fast)',
    {
      short: { loadMs: 12_000, journeysPerSecond: 20, faults: 1 },
      full: { loadMs: 120_000, journeysPerSecond: 40, faults: 5 },
    },
    async (world, size) => {
      const outageMs = await eachFault(size, async () => {
        const stoppedAt = Date.now();
        await world.stack.postgres.stop('fast');
        await world.stack.postgres.start();
        return Date.now() - stoppedAt;
      });
      const ready = await everyInstanceReady(world);
      return {
        count: size.faults,
        figures: `down ${maxOf(outageMs)} ms at most; ${ready.length === 0 ? 'every instance ready again' : ready.join(', ')}`,
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
      const searches = await eachFault(size, async () => {
        await world.stack.stopRedis();
        // While Redis is away a search is answered from PostgreSQL.
        const status = await searchStatus(world);
        await sleep(2_000);
        await world.stack.startRedis();
        return status;
      });
      const failed = searches.filter((status) => status !== 200);
      return {
        count: size.faults,
        figures: `searches during the outage answered ${searches.join(', ')}`,
        violations: failed.map((status) => `a search while Redis was away answered ${status}`),
      };
    },
  ),
  scenario(
    'SIGTERM of an instance of each app while the other serves',
    {
      short: { loadMs: 30_000, journeysPerSecond: 20, faults: 5 },
      full: { loadMs: 120_000, journeysPerSecond: 40, faults: 10 },
    },
    async (world, size) => {
      const violations: string[] = [];
      const apps = [...new Set(world.stack.instances.map((instance) => instance.app))];
      const exits = await eachFault(size, async (i) => {
        const instance = world.stack.instances.find((candidate) => candidate.app === apps[i % apps.length])!;
        const signalledAt = Date.now();
        const exit = await instance.stop('SIGTERM');
        if (exit.code !== 0 && exit.signal !== 'SIGTERM')
          violations.push(`${instance.name} exited with ${exit.code ?? exit.signal} after SIGTERM`);
        // Code 1 is the service's own timer forcing its exit at SHUTDOWN_GRACE_MS; the time seen
        // from here may lag (this process runs the load), so only a wide overrun means a hang.
        if (exit.at - signalledAt > world.stack.shutdownGraceMs + OBSERVER_LAG_MS)
          violations.push(`${instance.name} took ${exit.at - signalledAt} ms to exit`);
        await instance.start();
        return exit.at - signalledAt;
      });
      return { count: size.faults, figures: `exited within ${maxOf(exits)} ms`, violations };
    },
  ),
];

/** Instances not ready within 30 s of a fault ending: each must recover by itself. */
async function everyInstanceReady(world: ProofWorld): Promise<string[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const notReady = (
      await Promise.all(
        world.stack.instances.map(async (instance) =>
          (await fetch(`${instance.url}/health/ready`).then(
            (r) => r.status,
            () => 0,
          )) === 200
            ? []
            : [instance.name],
        ),
      )
    ).flat();
    if (notReady.length === 0 || Date.now() > deadline)
      return notReady.map((name) => `${name} not ready 30 s after PostgreSQL came back`);
    await sleep(250);
  }
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
