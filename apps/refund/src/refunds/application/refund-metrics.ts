import { Inject, Injectable } from '@nestjs/common';
import type { Counter, Registry } from 'prom-client';
import { counterIn, METRICS } from '@booking/nest-kit';

const COUNTERS = {
  refund_attempts_total: 'Provider refund calls made',
  refunds_succeeded_total: 'Refunds the provider made',
  refunds_failed_total: 'Refunds given up after the last attempt or a refusal (refund.failed)',
} as const;

export type RefundCounter = keyof typeof COUNTERS;

/** The refund service's counters, in the app's registry (`GET /metrics`). */
@Injectable()
export class RefundMetrics {
  private readonly counters: Record<RefundCounter, Counter>;

  constructor(@Inject(METRICS) registry: Registry) {
    this.counters = {
      refund_attempts_total: counterIn(registry, 'refund_attempts_total', COUNTERS.refund_attempts_total),
      refunds_succeeded_total: counterIn(
        registry,
        'refunds_succeeded_total',
        COUNTERS.refunds_succeeded_total,
      ),
      refunds_failed_total: counterIn(registry, 'refunds_failed_total', COUNTERS.refunds_failed_total),
    };
  }

  increment(counter: RefundCounter): void {
    this.counters[counter].inc();
  }
}
