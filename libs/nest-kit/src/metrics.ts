import { Controller, Get, Header, Inject } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Registry } from 'prom-client';
import { Public } from './public.decorator';

/** The app's own registry: the e2e platform runs every service in one process, so none is global. */
export const METRICS = Symbol('METRICS');

export function createMetricsRegistry(service: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  return registry;
}

/** A counter in the app's registry, or the one already there under that name. */
export function counterIn<Label extends string>(
  registry: Registry,
  name: string,
  help: string,
  labelNames: readonly Label[] = [],
): Counter<Label> {
  const existing = registry.getSingleMetric(name);
  if (existing) return existing as Counter<Label>;
  return new Counter({ name, help, labelNames, registers: [registry] });
}

/** Scraped by Prometheus inside the cluster; not routed by the gateway. */
@Controller('metrics')
@Public()
export class MetricsController {
  constructor(@Inject(METRICS) private readonly registry: Registry) {}

  @Get()
  @Header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
  scrape(): Promise<string> {
    return this.registry.metrics();
  }
}
