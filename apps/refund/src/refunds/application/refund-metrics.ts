import { Injectable } from '@nestjs/common';

const COUNTERS = {
  refund_attempts_total: 'Provider refund calls made',
  refunds_succeeded_total: 'Refunds the provider made',
  refunds_failed_total: 'Refunds given up after the last attempt or a refusal (refund.failed)',
} as const;

export type RefundCounter = keyof typeof COUNTERS;

/** The refund service's counters, in the Prometheus text format at `GET /metrics`. */
@Injectable()
export class RefundMetrics {
  private readonly values = new Map<RefundCounter, number>();

  increment(counter: RefundCounter): void {
    this.values.set(counter, (this.values.get(counter) ?? 0) + 1);
  }

  value(counter: RefundCounter): number {
    return this.values.get(counter) ?? 0;
  }

  exposition(): string {
    return Object.entries(COUNTERS)
      .map(
        ([name, help]) =>
          `# HELP ${name} ${help}\n# TYPE ${name} counter\n${name} ${this.value(name as RefundCounter)}\n`,
      )
      .join('');
  }
}
