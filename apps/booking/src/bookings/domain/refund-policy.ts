import type { CancellationPolicy, Role } from '@booking/contracts';

export interface RefundDecision {
  refundPercent: number;
  refundAmount: number;
}

const HOUR_MS = 3_600_000;

/**
 * What a cancel gives back. A customer gets the tier for the whole hours left between the
 * server's clock and the start (the highest `minHoursBefore` they still meet); a host or an admin
 * cancelling refunds everything that was paid. Amounts round down to the minor unit.
 */
export function refundFor(input: {
  policy: CancellationPolicy;
  paidAmount: number;
  start: Date;
  now: Date;
  cancelledBy: Role;
}): RefundDecision {
  if (input.paidAmount <= 0) return { refundPercent: 0, refundAmount: 0 };
  if (input.cancelledBy !== 'customer') return { refundPercent: 100, refundAmount: input.paidAmount };
  const hoursBefore = Math.floor((input.start.getTime() - input.now.getTime()) / HOUR_MS);
  const tier = [...input.policy.tiers]
    .sort((a, b) => b.minHoursBefore - a.minHoursBefore)
    .find((candidate) => hoursBefore >= candidate.minHoursBefore);
  const refundPercent = tier?.refundPercent ?? 0;
  return { refundPercent, refundAmount: Math.floor((input.paidAmount * refundPercent) / 100) };
}
