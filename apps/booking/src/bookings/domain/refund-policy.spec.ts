import { DEFAULT_CANCELLATION_POLICY } from '@booking/contracts';
import { bestTierPercent, refundFor, tierPercent } from './refund-policy';

const start = new Date('2026-06-10T10:00:00Z');
const hoursBefore = (hours: number) => new Date(start.getTime() - hours * 3_600_000);
const customerCancel = (now: Date, paidAmount = 2_000_000) =>
  refundFor({ policy: DEFAULT_CANCELLATION_POLICY, paidAmount, start, now, cancelledBy: 'customer' });

describe('refundFor', () => {
  it('refunds 100 % to a customer 72 h before', () => {
    expect(customerCancel(hoursBefore(72))).toEqual({ refundPercent: 100, refundAmount: 2_000_000 });
  });

  it('refunds 50 % at 30 h and at 71 h 59 min (whole hours count)', () => {
    expect(customerCancel(hoursBefore(30))).toEqual({ refundPercent: 50, refundAmount: 1_000_000 });
    expect(customerCancel(new Date(hoursBefore(72).getTime() + 60_000))).toEqual({
      refundPercent: 50,
      refundAmount: 1_000_000,
    });
  });

  it('refunds nothing 2 h before, nor after the start', () => {
    expect(customerCancel(hoursBefore(2))).toEqual({ refundPercent: 0, refundAmount: 0 });
    expect(customerCancel(hoursBefore(-1))).toEqual({ refundPercent: 0, refundAmount: 0 });
  });

  it('rounds down to the minor unit', () => {
    expect(customerCancel(hoursBefore(30), 1_001)).toEqual({ refundPercent: 50, refundAmount: 500 });
  });

  it('refunds everything paid when a host or an admin cancels, even 1 h before', () => {
    for (const cancelledBy of ['host', 'admin'] as const) {
      expect(
        refundFor({
          policy: DEFAULT_CANCELLATION_POLICY,
          paidAmount: 750,
          start,
          now: hoursBefore(1),
          cancelledBy,
        }),
      ).toEqual({ refundPercent: 100, refundAmount: 750 });
    }
  });

  it('refunds nothing for an unpaid hold', () => {
    expect(customerCancel(hoursBefore(100), 0)).toEqual({ refundPercent: 0, refundAmount: 0 });
  });
});

describe('tierPercent', () => {
  it('gives the percent of the highest tier met, whole hours before the start', () => {
    expect(tierPercent(DEFAULT_CANCELLATION_POLICY, start, hoursBefore(72))).toBe(100);
    expect(tierPercent(DEFAULT_CANCELLATION_POLICY, start, hoursBefore(71.99))).toBe(50);
    expect(tierPercent(DEFAULT_CANCELLATION_POLICY, start, hoursBefore(23.99))).toBe(0);
  });

  it('gives 0 when no tier is met (after the start with a tier from 1 h)', () => {
    const policy = { ...DEFAULT_CANCELLATION_POLICY, tiers: [{ minHoursBefore: 1, refundPercent: 80 }] };
    expect(tierPercent(policy, start, hoursBefore(-2))).toBe(0);
    expect(bestTierPercent(policy)).toBe(80);
  });
});
