import { Inject, Injectable } from '@nestjs/common';
import type { Counter, Registry } from 'prom-client';
import { DomainError } from '@booking/contracts';
import { counterIn, METRICS } from '@booking/nest-kit';
import { SLOT_UNAVAILABLE } from '../../bookings/domain/booking-status';
import type { Replayable } from '../../bookings/application/ports/idempotency-store';

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

  async count<Result extends Replayable<{ kind: string }>>(
    kind: HoldKind,
    take: () => Promise<Result>,
  ): Promise<Result> {
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

function outcomeOf({ outcome, replayed }: Replayable<{ kind: string }>): string {
  if (outcome.kind === 'taken') return SLOT_UNAVAILABLE;
  return replayed ? 'replayed' : 'created';
}
