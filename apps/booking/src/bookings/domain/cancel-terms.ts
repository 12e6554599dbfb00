import type { CancellationPolicy, Role } from '@booking/contracts';
import { isLateCancel, type StandingRules } from '../../customers/domain/standing';
import { bestTierPercent, tierPercent } from './refund-policy';

/**
 * The start a customer's cancel is judged from after a move (refund tier and late-cancel strike),
 * or null for "the new start". A customer who moves a booking when cancelling it would already
 * cost something (a lower tier, a strike) keeps the terms of the start it had: moving a booking
 * that starts in an hour to next week and cancelling it then is still a late cancel. A move made
 * while a cancel was free, or by a host or an admin, starts afresh from the new start; so does a
 * move to an earlier start, whose own terms are the stricter ones.
 */
export function termsStartAfterMove(input: {
  termsStart: Date;
  newStart: Date;
  now: Date;
  movedBy: Role;
  policy: CancellationPolicy;
  standing: StandingRules;
}): Date | null {
  if (input.movedBy !== 'customer' || input.newStart <= input.termsStart) return null;
  const cancelWouldCost =
    tierPercent(input.policy, input.termsStart, input.now) < bestTierPercent(input.policy) ||
    isLateCancel(input.termsStart, input.now, input.standing);
  return cancelWouldCost ? input.termsStart : null;
}
