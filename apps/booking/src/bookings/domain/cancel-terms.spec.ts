import { DEFAULT_CANCELLATION_POLICY } from '@booking/contracts';
import { CONTRACT_STANDING_RULES } from '../../customers/domain/standing-rules.fixture';
import { termsStartAfterMove } from './cancel-terms';

const RULES = CONTRACT_STANDING_RULES;
const now = new Date('2026-06-10T10:00:00Z');
const inHours = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
const move = (termsStart: Date, newStart: Date, movedBy: 'customer' | 'host' | 'admin' = 'customer') =>
  termsStartAfterMove({
    termsStart,
    newStart,
    now,
    movedBy,
    policy: DEFAULT_CANCELLATION_POLICY,
    standing: RULES,
  });

describe('termsStartAfterMove', () => {
  it('keeps the terms of a start an hour away when a customer moves it to next week', () => {
    expect(move(inHours(1), inHours(7 * 24))).toEqual(inHours(1));
  });

  it('keeps the terms when the current start is only in a partial-refund tier', () => {
    expect(move(inHours(30), inHours(200))).toEqual(inHours(30));
  });

  it('starts afresh when a cancel would have been free (full refund, no strike)', () => {
    expect(move(inHours(72), inHours(200))).toBeNull();
  });

  it('starts afresh when a host or an admin moves it, however late', () => {
    expect(move(inHours(1), inHours(200), 'host')).toBeNull();
    expect(move(inHours(1), inHours(200), 'admin')).toBeNull();
  });

  it('starts afresh on a move to an earlier start, whose own terms are the stricter ones', () => {
    expect(move(inHours(30), inHours(3))).toBeNull();
  });

  it('keeps the terms for the strike alone when every tier refunds in full', () => {
    const alwaysFree = { ...DEFAULT_CANCELLATION_POLICY, tiers: [{ minHoursBefore: 0, refundPercent: 100 }] };
    const moved = (termsStart: Date) =>
      termsStartAfterMove({
        termsStart,
        newStart: inHours(200),
        now,
        movedBy: 'customer',
        policy: alwaysFree,
        standing: RULES,
      });
    expect(moved(inHours(1))).toEqual(inHours(1));
    expect(moved(inHours(3))).toBeNull();
  });

  it('keeps a start that has passed: a cancel after it would be a late one', () => {
    expect(move(inHours(-1), inHours(48))).toEqual(inHours(-1));
  });
});
