/**
 * The seed's peak mix, holds and searches at once through the gateway, at a fixed rate: what two
 * cores sustain of 300 holds/s + 3,000 searches/s over 20 cities, and which process limits it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { availableParallelism } from 'node:os';
import { backendsGone, cpuMsPerOp, cpuPerOp, cpuSnapshot } from './cpu-usage';
import { runPacedLoad, type LoadResult, type NextRequest } from './http-load';
import { fmt, loadRow } from './stats';

export const PEAK = { holdsPerSecond: 300, searchesPerSecond: 3_000 };
// What is not the platform: the load generator (this process) and the clients it ran.
const NOT_THE_PLATFORM = new Set(['load', 'client']);
const WARM_UP_MS = 5_000;

export interface MixedPeakSetup {
  gateway: string;
  /** The booking service itself, whose /metrics counts the searches the gateway's cache missed. */
  booking: string;
  pids: Record<string, number | undefined>;
  seconds: number;
  hold: NextRequest;
  search: NextRequest;
}

interface MixedRun {
  holds: LoadResult;
  searches: LoadResult;
  cpu: string;
  /** CPU of the platform's processes per peak-mix second, in ms: over 1,000 × cores, the peak is out of reach. */
  platformMsPerPeakSecond: number;
  gatewayHitRate: number;
}

/** Table rows: the full peak mix, then the share of it these cores can carry, run at that share. */
export async function mixedPeakRows(setup: MixedPeakSetup): Promise<[string, string][]> {
  await runPacedLoad(setup.gateway, streams(setup, 0.5), WARM_UP_MS);
  const peak = await mixedRun(setup, 1);
  // What the peak left queued is answered before the next run starts.
  await sleep(10_000);
  const capacity = Math.min(1, (availableParallelism() * 1_000) / peak.platformMsPerPeakSecond);
  const sustained = await mixedRun(setup, Math.max(0.05, Math.floor(capacity * 0.9 * 20) / 20));
  const share = (fraction: number) => `${fmt(fraction * 100, 0)} %`;
  return [
    [
      'offered',
      `${PEAK.holdsPerSecond} holds/s + ${fmt(PEAK.searchesPerSecond, 0)} searches/s (20 cities, 30 days of pick-ups, 4 lengths), ${setup.seconds} s, open loop`,
    ],
    loadRow('  holds at the peak', peak.holds),
    loadRow('  searches at the peak', peak.searches),
    ['  searches answered by the gateway from Redis', share(peak.gatewayHitRate)],
    ['  CPU per operation', peak.cpu],
    [
      'capacity on these cores',
      `${share(capacity)} of the peak mix (platform CPU ${fmt(peak.platformMsPerPeakSecond, 0)} ms per peak second; ${availableParallelism()} cores give ${availableParallelism() * 1_000})`,
    ],
    loadRow(`  holds at ${share(sustained.fraction)} of the peak`, sustained.holds),
    loadRow(`  searches at ${share(sustained.fraction)} of the peak`, sustained.searches),
    ['  searches answered by the gateway from Redis', share(sustained.gatewayHitRate)],
  ];
}

async function mixedRun(setup: MixedPeakSetup, fraction: number): Promise<MixedRun & { fraction: number }> {
  const searchesBefore = await searchCounts(setup);
  const before = cpuSnapshot(setup.pids);
  const { holds, searches } = await runPacedLoad(
    setup.gateway,
    streams(setup, fraction),
    setup.seconds * 1000,
  );
  await backendsGone(before?.postgresProcesses ?? 0);
  const after = cpuSnapshot(setup.pids);
  const searchesAfter = await searchCounts(setup);
  const operations = answered(holds!) + answered(searches!);
  // The mix's share of a peak second that was served: what the CPU measured paid for.
  const peakSeconds = operations / (PEAK.holdsPerSecond + PEAK.searchesPerSecond);
  const platformMs =
    before && after
      ? cpuMsPerOp(before, after, 1)
          .filter(([group]) => !NOT_THE_PLATFORM.has(group))
          .reduce((sum, [, ms]) => sum + ms, 0)
      : Number.NaN;
  const atGateway = searchesAfter.gateway - searchesBefore.gateway;
  const atBooking = searchesAfter.booking - searchesBefore.booking;
  return {
    fraction,
    holds: holds!,
    searches: searches!,
    cpu: cpuPerOp(before, after, operations),
    platformMsPerPeakSecond: platformMs / peakSeconds,
    gatewayHitRate: atGateway === 0 ? 0 : 1 - atBooking / atGateway,
  };
}

/** Requests that got an answer: what the platform did work for. */
const answered = (result: LoadResult) =>
  Object.entries(result.statuses).reduce((sum, [status, count]) => sum + (status === '0' ? 0 : count), 0);

function streams(setup: MixedPeakSetup, fraction: number) {
  return {
    holds: { perSecond: PEAK.holdsPerSecond * fraction, method: 'POST' as const, next: setup.hold },
    searches: { perSecond: PEAK.searchesPerSecond * fraction, next: setup.search },
  };
}

/** Searches each has answered so far, from the request counters on its /metrics. */
async function searchCounts(setup: MixedPeakSetup): Promise<{ gateway: number; booking: number }> {
  const [gateway, booking] = await Promise.all([
    requestsTo(`${setup.gateway}/metrics`, '/v1/availability'),
    requestsTo(`${setup.booking}/metrics`, '/availability'),
  ]);
  return { gateway, booking };
}

async function requestsTo(metricsUrl: string, route: string): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  return text
    .split('\n')
    .filter(
      (line) => line.startsWith('http_request_duration_seconds_count{') && line.includes(`route="${route}"`),
    )
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}
