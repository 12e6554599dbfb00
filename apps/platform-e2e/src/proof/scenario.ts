import { setTimeout as sleep } from 'node:timers/promises';
import { bearer, TopicCollector } from '@booking/testing';
import { CAR } from '../fixtures';
import { checkInvariants, topicsAsRead, writtenTopics } from './invariants';
import type { ProofStack } from './proof-stack';
import { outcomesAsAnswered } from './recorded-outcomes';
import {
  emptyReadRecord,
  failureCount,
  measureWarmReadCapacity,
  runReadLoad,
  type Read,
  type ReadRecord,
} from './read-load';
import { measureCapacity, randomDay, runRecordingLoad, type LoadRecord } from './recording-load';

/** How big a run is: seconds in CI, minutes from `npm run proof`. */
export interface ScenarioSize {
  /** The load runs at least this long, and on until the last fault has been dealt with. */
  loadMs: number;
  journeysPerSecond: number;
  /** Reads a second beside the journeys (searches, cars, slots, one's bookings), as front ends send most. */
  readsPerSecond?: number;
  /** How many faults of its kind a scenario injects. */
  faults: number;
  /** How long each fault lasts, where the scenario chooses it (the whole Kafka cluster down). */
  outageMs?: number;
}

/** One row of the proof's table. */
export interface ScenarioResult {
  name: string;
  operations: number;
  faults: number;
  violations: string[];
  /** What was measured, in words, for the table. */
  figures: string;
  /** The pace the load ran at: the size's, or less on a machine that sustains less. */
  journeysPerSecond: number;
  /** Reads sent beside the journeys, and their pace (likewise the size's or less). */
  reads: number;
  readsPerSecond: number;
}

/** What a scenario promises beyond the checker's invariants. */
export interface ScenarioPromises {
  /** Every request, write or read, is answered at its first attempt: no 5xx, reset or timeout. */
  everyRequestAnswered?: boolean;
}

/** What a scenario's faults did, for its row. */
export interface InjectedFaults {
  count: number;
  figures: string;
  /** Broken promises the faults themselves showed (a slow exit, a wrong answer), besides the checker's. */
  violations?: string[];
}

/** The stack and the cars the load books: made once, shared by every scenario. */
export interface ProofWorld {
  stack: ProofStack;
  resourceIds: string[];
  /** Every message on the services' topics, read by the checker's own group. */
  events: TopicCollector;
  /** Journeys a second the platform sustained here, without faults, before the scenarios ran. */
  capacityPerSecond: number;
}

/** How long the platform may take, once traffic stops, to reach every effect (refunds, messages, events). */
const SETTLE_WITHIN_MS = 90_000;

/**
 * A scenario's load is at most this share of the measured capacity: the faults' own work (a
 * restart, a replica catching up) needs the rest. Above it, a run measures an overloaded machine.
 */
const LOAD_SHARE_OF_CAPACITY = 0.5;
const CAPACITY_MEASURED_FOR_MS = 15_000;

/** The pace a scenario's load runs at: its size's, or half the measured capacity if that is less. */
export function paceOf(size: Pick<ScenarioSize, 'journeysPerSecond'>, capacityPerSecond: number): number {
  return Math.min(size.journeysPerSecond, capacityPerSecond * LOAD_SHARE_OF_CAPACITY);
}

/**
 * Reads beside the journeys take at most this share of the read capacity measured just before:
 * with a restart every 10 s, 200 reads/s at 64 % of it were all answered here, p99 3.0 s.
 */
const READ_SHARE_OF_CAPACITY = 2 / 3;

/** The reads a second a scenario sends: its size's, or two thirds of the read capacity if that is less. */
export function readPaceOf(
  size: Pick<ScenarioSize, 'readsPerSecond'>,
  readCapacityPerSecond: number,
): number {
  return Math.min(size.readsPerSecond ?? 0, readCapacityPerSecond * READ_SHARE_OF_CAPACITY);
}

export async function prepareWorld(stack: ProofStack, cars = 40): Promise<ProofWorld> {
  const admin = await bearer('proof-admin', 'admin');
  const resourceIds: string[] = [];
  for (let i = 0; i < cars; i += 1) {
    const response = await fetch(`${stack.nextGatewayUrl()}/v1/resources`, {
      method: 'POST',
      headers: { authorization: admin, 'content-type': 'application/json' },
      body: JSON.stringify({ ...CAR, name: `proof car ${i}`, city: 'PROOF' }),
    });
    if (response.status !== 201)
      throw new Error(`car not created: ${response.status} ${await response.text()}`);
    resourceIds.push(((await response.json()) as { resourceId: string }).resourceId);
  }
  const events = await new TopicCollector(stack.kafka, `proof-checker-${Date.now()}`).start(
    writtenTopics(stack.topics).map((topic) => topic.name),
  );
  const capacityPerSecond = await measureCapacity(
    { ...journeyTargets(stack, resourceIds), customers: await customersOf('capacity') },
    CAPACITY_MEASURED_FOR_MS,
  );
  if (capacityPerSecond < 1)
    throw new Error(`the platform completed ${capacityPerSecond.toFixed(2)} journeys/s without faults`);
  return { stack, resourceIds, events, capacityPerSecond };
}

/**
 * Runs the load while `inject` breaks things, waits for the platform to settle, and checks
 * every promise against what the load was told and what is stored.
 */
export async function runScenario(
  world: ProofWorld,
  name: string,
  size: ScenarioSize,
  inject: () => Promise<InjectedFaults>,
  promises: ScenarioPromises = {},
): Promise<ScenarioResult> {
  const { stack } = world;
  const journeysPerSecond = paceOf(size, world.capacityPerSecond);
  const customers = await customersOf(name);
  const readTargets = {
    nextGateway: () => stack.nextGatewayUrl(),
    nextRead: proofReads(world.resourceIds, customers),
  };
  // Measured just before the reads it paces, on the stack as the earlier scenarios left it.
  const readCapacityPerSecond = size.readsPerSecond ? await measureWarmReadCapacity(readTargets) : 0;
  const stopLoad = new AbortController();
  const startedAt = Date.now();
  const load = runRecordingLoad({
    ...journeyTargets(stack, world.resourceIds),
    signal: stopLoad.signal,
    customers,
    journeysPerSecond,
  });
  const readsPerSecond = readPaceOf(size, readCapacityPerSecond);
  const reads =
    readsPerSecond > 0
      ? runReadLoad({ ...readTargets, readsPerSecond, signal: stopLoad.signal })
      : Promise.resolve(emptyReadRecord());
  // Stopped even when injecting throws: a load left running would weigh on every later scenario.
  const [faults] = await Promise.all([inject(), sleep(size.loadMs)]).finally(() => stopLoad.abort());
  const [record, readRecord] = await Promise.all([load, reads]);
  const seconds = (Date.now() - startedAt) / 1000;
  const crashed = await restartCrashed(stack);
  const violations = [
    ...crashed,
    ...failedRequests(record, readRecord, promises),
    ...(await settledViolations(world, record)),
  ];
  return {
    name,
    operations:
      record.holds.length + record.payments.length + record.reschedules.length + record.cancels.length,
    faults: faults.count,
    violations: [...(faults.violations ?? []), ...violations],
    figures:
      `${journeysPerSecond.toFixed(1)} journeys/s (capacity ${world.capacityPerSecond.toFixed(1)}): ` +
      `${loadFigures(record)}; ${readFigures(readRecord, readCapacityPerSecond, seconds)}${faults.figures}`,
    journeysPerSecond,
    reads: readRecord.sent,
    readsPerSecond,
  };
}

/** Where the load's journeys go: the gateways in rotation, the cars, and the provider's pay button. */
function journeyTargets(stack: ProofStack, resourceIds: string[]) {
  return {
    nextGateway: () => stack.nextGatewayUrl(),
    resourceIds,
    pay: async (payment: { bookingId: string; amount: number; currency: string }) =>
      stack.sandbox.pay(payment).txnId,
  };
}

/** A scenario's own customers: what the checker holds the load's answers to is theirs alone. */
function customersOf(scenario: string): Promise<{ userId: string; authorization: string }[]> {
  const prefix = scenario.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return Promise.all(
    Array.from({ length: 50 }, async (_, i) => ({
      userId: `${prefix}-${i}`,
      authorization: await bearer(`${prefix}-${i}`, 'customer', { expiresIn: '12h' }),
    })),
  );
}

/**
 * Failed attempts that break a promise: a 500 always (under any fault the platform answers 503
 * and the client retries); any failure at all where the scenario promises every request answered.
 */
function failedRequests(record: LoadRecord, reads: ReadRecord, promises: ScenarioPromises): string[] {
  const failures = promises.everyRequestAnswered
    ? {
        ...Object.fromEntries(
          Object.entries(record.failures).map(([failure, n]) => [`${failure} (write)`, n]),
        ),
        ...Object.fromEntries(Object.entries(reads.failures).map(([failure, n]) => [`${failure} (read)`, n])),
        ...(record.refusedConnections > 0 ? { 'connection refused (write)': record.refusedConnections } : {}),
      }
    : Object.fromEntries(Object.entries(record.failures).filter(([failure]) => failure.startsWith('500')));
  return Object.entries(failures).map(([failure, count]) => `${count} attempts were answered ${failure}`);
}

/**
 * What the scenario's customers read between their writes, in turns: a day's search in the load's
 * city, a car, their own bookings, a car's slots for a day.
 */
function proofReads(resourceIds: string[], customers: { authorization: string }[]): () => Read {
  let turn = 0;
  return () => {
    const i = turn++;
    const resourceId = resourceIds[i % resourceIds.length]!;
    const day = randomDay();
    const date = day.start.slice(0, 10);
    const paths = [
      `/v1/availability?city=PROOF&kind=car&from=${day.start}&to=${day.end}`,
      `/v1/resources/${resourceId}`,
      `/v1/bookings?limit=20`,
      `/v1/resources/${resourceId}/slots?from=${date}&to=${date}&durationMinutes=60`,
    ];
    return { path: paths[i % paths.length]!, authorization: customers[i % customers.length]!.authorization };
  };
}

/** Every instance the scenario did not leave running crashed by itself: a violation, and restarted. */
async function restartCrashed(stack: ProofStack): Promise<string[]> {
  const crashed = stack.instances.filter((instance) => !instance.running);
  await Promise.all(crashed.map((instance) => instance.start()));
  return crashed.map((instance) => `${instance.name} crashed (${instance.lastExit})`);
}

/** The checker's findings once they stop changing for the better, or after the settling time. */
async function settledViolations(world: ProofWorld, record: LoadRecord): Promise<string[]> {
  const deadline = Date.now() + SETTLE_WITHIN_MS;
  for (;;) {
    const found = await currentViolations(world, record).catch((error: Error) => [
      `checker: ${error.message}`,
    ]);
    if (found.length === 0 || Date.now() > deadline) return found;
    await sleep(500);
  }
}

async function currentViolations(world: ProofWorld, record: LoadRecord): Promise<string[]> {
  const { stack } = world;
  const invariants = await checkInvariants({
    database: (service) => stack.database(service),
    topics: topicsAsRead(stack.topics, world.events.received),
  });
  const outcomes = await outcomesAsAnswered(record, (service) => stack.database(service), {
    captures: stack.sandbox.ledger.captures(),
    refunds: stack.sandbox.ledger.refunds,
    emails: stack.messaging.mail.received,
  });
  const behind = [...(await stack.consumerLag())]
    .filter(([, lag]) => lag > 0)
    .map(([group, lag]) => `consumer group ${group} is ${lag} messages behind`);
  return [
    ...[...invariants.entries()].flatMap(([name, found]) => found.map((line) => `${name}: ${line}`)),
    ...outcomes,
    ...behind,
  ];
}

function loadFigures(record: LoadRecord): string {
  const p99 = p99Of(record.latenciesMs);
  const failedAttempts = failureCount(record.failures);
  const held = record.holds.filter((hold) => hold.status === 201).length;
  return (
    `${record.requests} requests (${held} holds, ${record.holds.length - held} refused, ` +
    `${record.payments.length} paid, ${movedCount(record)}, ${record.cancels.length} cancelled), ` +
    `${failedAttempts} attempts failed and were retried (${failedAttempts ? `${failureList(record.failures)}, ` : ''}slowest ${Math.round(record.slowestFailureMs)} ms), ` +
    `${record.refusedConnections} refused by a stopped gateway, p99 ${Math.round(p99)} ms`
  );
}

/** The reads' figures: their pace against the measured read capacity, failures and p99. */
function readFigures(reads: ReadRecord, readCapacityPerSecond: number, seconds: number): string {
  if (reads.sent === 0) return '';
  const failed = failureCount(reads.failures);
  return (
    `${reads.sent} reads at ${Math.round(reads.sent / seconds)}/s (read capacity ${Math.round(readCapacityPerSecond)}/s), ` +
    `${failed} failed${failed ? ` (${failureList(reads.failures)})` : ''}, p99 ${Math.round(p99Of(reads.latenciesMs))} ms; `
  );
}

function p99Of(latenciesMs: number[]): number {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
}

function movedCount(record: LoadRecord): string {
  const moved = record.reschedules.filter((move) => move.status === 200).length;
  return `${moved} moved, ${record.reschedules.length - moved} moves refused`;
}

function failureList(failures: Record<string, number>): string {
  return Object.entries(failures)
    .map(([failure, count]) => `${failure} ×${count}`)
    .join(', ');
}
