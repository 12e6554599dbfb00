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
  const refundPercent = tierPercent(input.policy, input.start, input.now);
  return { refundPercent, refundAmount: Math.floor((input.paidAmount * refundPercent) / 100) };
}

/** The percent of the tier a customer's cancel at `now` meets, for a booking judged from `start`. */
export function tierPercent(policy: CancellationPolicy, start: Date, now: Date): number {
  const hoursBefore = Math.floor((start.getTime() - now.getTime()) / HOUR_MS);
  const tier = [...policy.tiers]
    .sort((a, b) => b.minHoursBefore - a.minHoursBefore)
    .find((candidate) => hoursBefore >= candidate.minHoursBefore);
  return tier?.refundPercent ?? 0;
}

/** The most any tier gives back: a cancel that gets it costs the customer nothing. */
export function bestTierPercent(policy: CancellationPolicy): number {
  return Math.max(...policy.tiers.map((tier) => tier.refundPercent));
}
