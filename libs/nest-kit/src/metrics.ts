import { Controller, Get, Header, Global, Inject, Module, type DynamicModule } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type Metric } from 'prom-client';
import { Public } from './public.decorator';

/** The app's own registry: the e2e platform runs every service in one process, so none is global. */
export const METRICS = Symbol('METRICS');

export function createMetricsRegistry(service: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  return registry;
}

/** The metric of that name in the registry, made by `create` the first time it is asked for. */
function metricIn<M extends Metric>(registry: Registry, name: string, create: () => M): M {
  return (registry.getSingleMetric(name) as M | undefined) ?? create();
}

export function counterIn<Label extends string>(
  registry: Registry,
  name: string,
  help: string,
  labelNames: readonly Label[] = [],
): Counter<Label> {
  return metricIn(registry, name, () => new Counter({ name, help, labelNames, registers: [registry] }));
}

export function gaugeIn<Label extends string>(
  registry: Registry,
  name: string,
  help: string,
  labelNames: readonly Label[] = [],
  collect?: (this: Gauge<Label>) => Promise<void>,
): Gauge<Label> {
  return metricIn(
    registry,
    name,
    () => new Gauge({ name, help, labelNames, registers: [registry], ...(collect ? { collect } : {}) }),
  );
}

/** Request durations by method, route template (not the path: ids would explode the series) and status. */
export function observeHttpRequests(fastify: FastifyInstance, registry: Registry): void {
  const durations = metricIn(
    registry,
    'http_request_duration_seconds',
    () =>
      new Histogram({
        name: 'http_request_duration_seconds',
        help: 'HTTP requests by method, route template and status',
        labelNames: ['method', 'route', 'status'],
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
        registers: [registry],
      }),
  );
  fastify.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    durations.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/** Scraped by Prometheus inside the cluster; the ingress does not route it. */
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

/** `GET /metrics` and the registry every part of the app counts in. */
@Global()
@Module({})
export class MetricsModule {
  static forRoot(service: string): DynamicModule {
    return {
      module: MetricsModule,
      controllers: [MetricsController],
      providers: [{ provide: METRICS, useValue: createMetricsRegistry(service) }],
      exports: [METRICS],
    };
  }
}
