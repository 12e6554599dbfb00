import { Controller, Get, Header } from '@nestjs/common';
import { RefundMetrics } from '../application/refund-metrics';

/** Scraped by Prometheus inside the cluster; not routed by the gateway. */
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: RefundMetrics) {}

  @Get()
  @Header('content-type', 'text/plain; version=0.0.4')
  scrape(): string {
    return this.metrics.exposition();
  }
}
