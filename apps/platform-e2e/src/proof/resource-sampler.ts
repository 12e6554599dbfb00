import { setTimeout as sleep } from 'node:timers/promises';
import type { ServiceProcess } from './service-process';

/** One scrape of an instance's own metrics (prom-client's defaults). */
interface Sample {
  at: number;
  rssMb: number;
  heapMb: number;
  /** Event-loop delay p99 since the previous scrape (prom-client resets its histogram on each). */
  loopP99Ms: number;
}

export interface ResourceFigures {
  /** The steepest least-squares slope over the instances, in MB per hour, after the first fifth. */
  rssSlopeMbPerHour: number;
  heapSlopeMbPerHour: number;
  /** The worst p99 of event-loop delay any instance reported in any interval. */
  loopP99Ms: number;
  samples: number;
}

const METRICS = {
  rssMb: 'process_resident_memory_bytes',
  heapMb: 'nodejs_heap_size_used_bytes',
  loopP99Ms: 'nodejs_eventloop_lag_p99_seconds',
};

/** Scrapes every instance's memory and event-loop delay until stopped: a soak's figures. */
export class ResourceSampler {
  private readonly samples = new Map<string, Sample[]>();
  private readonly stopping = new AbortController();
  private running: Promise<void> | undefined;

  constructor(
    private readonly instances: readonly ServiceProcess[],
    private readonly intervalMs: number,
  ) {}

  start(): this {
    this.running = this.loop();
    return this;
  }

  async stop(): Promise<ResourceFigures> {
    this.stopping.abort();
    await this.running;
    const series = [...this.samples.values()];
    const steepest = (pick: (sample: Sample) => number) =>
      Math.max(
        0,
        ...series.map((samples) => slopePerHour(samples.slice(Math.floor(samples.length / 5)), pick)),
      );
    return {
      rssSlopeMbPerHour: steepest((sample) => sample.rssMb),
      heapSlopeMbPerHour: steepest((sample) => sample.heapMb),
      loopP99Ms: Math.max(0, ...series.flat().map((sample) => sample.loopP99Ms)),
      samples: series.reduce((sum, samples) => sum + samples.length, 0),
    };
  }

  private async loop(): Promise<void> {
    while (!this.stopping.signal.aborted) {
      await Promise.all(this.instances.map((instance) => this.scrape(instance)));
      await sleep(this.intervalMs, undefined, { signal: this.stopping.signal }).catch(() => undefined);
    }
  }

  private async scrape(instance: ServiceProcess): Promise<void> {
    const text = await fetch(`${instance.url}/metrics`).then(
      (response) => response.text(),
      () => undefined,
    );
    if (text === undefined) return;
    const lines = text.split('\n');
    const value = (name: string) => {
      const line = lines.find(
        (candidate) => candidate.startsWith(`${name} `) || candidate.startsWith(`${name}{`),
      );
      return line === undefined ? Number.NaN : Number(line.slice(line.lastIndexOf(' ') + 1));
    };
    const sample: Sample = {
      at: Date.now(),
      rssMb: value(METRICS.rssMb) / 2 ** 20,
      heapMb: value(METRICS.heapMb) / 2 ** 20,
      loopP99Ms: value(METRICS.loopP99Ms) * 1000,
    };
    if (Object.values(sample).some(Number.isNaN)) return;
    const samples = this.samples.get(instance.name) ?? [];
    samples.push(sample);
    this.samples.set(instance.name, samples);
  }
}

/** Least-squares slope of `pick` over time, per hour; 0 with fewer than two samples. */
export function slopePerHour<T extends { at: number }>(samples: T[], pick: (sample: T) => number): number {
  if (samples.length < 2) return 0;
  const meanAt = samples.reduce((sum, s) => sum + s.at, 0) / samples.length;
  const meanValue = samples.reduce((sum, s) => sum + pick(s), 0) / samples.length;
  let covariance = 0;
  let variance = 0;
  for (const sample of samples) {
    covariance += (sample.at - meanAt) * (pick(sample) - meanValue);
    variance += (sample.at - meanAt) ** 2;
  }
  return variance === 0 ? 0 : (covariance / variance) * 3_600_000;
}
