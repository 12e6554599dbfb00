import { setTimeout as sleep } from 'node:timers/promises';

/** One read a front end sends between its writes: where, and as whom. */
export interface Read {
  path: string;
  authorization: string;
}

/** Everything one run of the reads sent, and what did not come back 200. */
export interface ReadRecord {
  sent: number;
  /** Reads not answered 200, by what came back (a status and problem code, or `no answer`). */
  failures: Record<string, number>;
  latenciesMs: number[];
}

export interface ReadLoadOptions {
  /** The gateway the next read goes to, as the load balancer in front of them picks it. */
  nextGateway: () => string;
  nextRead: () => Read;
  readsPerSecond: number;
  /** Stops sending; reads under way are answered first. */
  signal: AbortSignal;
}

/** How long a read may take before it counts as unanswered: the gateway's own upstream wait. */
const READ_TIMEOUT_MS = 10_000;

/**
 * Starts `start(i)` at a fixed pace until `signal` aborts, whatever the answers take (an open
 * loop, as independent clients send), and resolves once every one started has finished.
 */
export async function paced(
  perSecond: number,
  signal: AbortSignal,
  start: (i: number) => Promise<void>,
): Promise<void> {
  const started: Promise<void>[] = [];
  const beganAt = Date.now();
  const interval = 1000 / perSecond;
  for (let i = 0; !signal.aborted; i += 1) {
    started.push(start(i));
    const due = beganAt + (i + 1) * interval;
    if (due > Date.now()) await sleep(due - Date.now());
  }
  await Promise.all(started);
}

/**
 * Reads at a fixed pace through the gateways, none sent again: a read that fails is a failed
 * client request, which is what a scenario promising 0 of them counts.
 */
export async function runReadLoad(options: ReadLoadOptions): Promise<ReadRecord> {
  const record = emptyReadRecord();
  await paced(options.readsPerSecond, options.signal, () => readOnce(options, record));
  return record;
}

/**
 * Reads a second the platform answers 200, without faults, when each of `concurrency` readers
 * sends the next as soon as the last is answered: what this machine sustains.
 */
async function measureReadCapacity(
  options: Pick<ReadLoadOptions, 'nextGateway' | 'nextRead'>,
  forMs: number,
  concurrency = 16,
): Promise<number> {
  const record = emptyReadRecord();
  const started = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() - started < forMs) await readOnce(options, record);
    }),
  );
  return (record.sent - failureCount(record.failures)) / ((Date.now() - started) / 1000);
}

/** How many requests failed, of any kind, in a record's failures by kind. */
export function failureCount(failures: Record<string, number>): number {
  return Object.values(failures).reduce((sum, count) => sum + count, 0);
}

/** A round of the warm measure; long enough to even out, short enough to stop soon once warm. */
const WARM_ROUND_MS = 5_000;
const WARM_ROUNDS_AT_MOST = 12;
/** A round that gains less than this over the one before: the stack is as warm as it gets. */
const STILL_RISING = 1.1;

/** Whether a stack that served `previous` reads a second, then `latest`, has stopped warming up. */
export function stoppedRising(previous: number | undefined, latest: number): boolean {
  return previous !== undefined && latest < previous * STILL_RISING;
}

/**
 * The read capacity of the stack once warm: rounds of the capacity measure until one gains
 * little on the last. A fresh stack served a third of it in its first 10 s and most of it after
 * 30 to 40 s; a warm one stops at the second round.
 */
export async function measureWarmReadCapacity(
  options: Pick<ReadLoadOptions, 'nextGateway' | 'nextRead'>,
): Promise<number> {
  let previous: number | undefined;
  for (let round = 1; ; round += 1) {
    const latest = await measureReadCapacity(options, WARM_ROUND_MS);
    if (stoppedRising(previous, latest) || round === WARM_ROUNDS_AT_MOST) return latest;
    previous = latest;
  }
}

export function emptyReadRecord(): ReadRecord {
  return { sent: 0, failures: {}, latenciesMs: [] };
}

async function readOnce(options: Pick<ReadLoadOptions, 'nextGateway' | 'nextRead'>, record: ReadRecord) {
  const read = options.nextRead();
  const sentAt = performance.now();
  record.sent += 1;
  const failure = await fetch(`${options.nextGateway()}${read.path}`, {
    headers: { authorization: read.authorization },
    signal: AbortSignal.timeout(READ_TIMEOUT_MS),
  }).then(
    async (response) => {
      const body = (await response.json().catch(() => undefined)) as { code?: string } | undefined;
      return response.status === 200 ? undefined : `${response.status}${body?.code ? ` ${body.code}` : ''}`;
    },
    (error: { cause?: { code?: string } }) => `no answer${error.cause?.code ? ` (${error.cause.code})` : ''}`,
  );
  record.latenciesMs.push(performance.now() - sentAt);
  if (failure) record.failures[failure] = (record.failures[failure] ?? 0) + 1;
}
