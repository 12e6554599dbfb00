import { Inject, Injectable } from '@nestjs/common';
import type { Counter, Registry } from 'prom-client';
import { DomainError } from '@booking/contracts';
import { counterIn, METRICS } from '@booking/nest-kit';
import type { IdempotentResult } from '../infrastructure/idempotency-store';

export type HoldKind = 'hold' | 'series';

/** Holds asked for, by kind and outcome: `created`, `replayed`, or the problem code that refused one. */
@Injectable()
export class HoldMetrics {
  private readonly holds: Counter<'kind' | 'outcome'>;

  constructor(@Inject(METRICS) registry: Registry) {
    this.holds = counterIn(
      registry,
      'holds_total',
      'Hold requests by kind and outcome (created, replayed or the refusal code)',
      ['kind', 'outcome'],
    );
  }

  async count(kind: HoldKind, take: () => Promise<IdempotentResult>): Promise<IdempotentResult> {
    try {
      const result = await take();
      this.holds.inc({ kind, outcome: outcomeOf(result) });
      return result;
    } catch (error) {
      this.holds.inc({ kind, outcome: error instanceof DomainError ? error.code : 'error' });
      throw error;
    }
  }
}

function outcomeOf(result: IdempotentResult): string {
  if (result.status < 400) return result.replayed ? 'replayed' : 'created';
  const code = (result.body as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : String(result.status);
}
