import { afterFailure, retryDelayMs } from './retry-schedule';

const SETTINGS = { maxAttempts: 5, baseMs: 1_000, maxMs: 10_000 };

describe('retry schedule', () => {
  it('doubles the step per failure, between half the step and the whole of it', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, SETTINGS, 0))).toEqual([500, 1_000, 2_000, 4_000]);
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, SETTINGS, 0.999999))).toEqual([
      1_000, 2_000, 4_000, 8_000,
    ]);
  });

  it('never waits longer than the cap', () => {
    expect(retryDelayMs(30, SETTINGS, 0.999999)).toBe(10_000);
    expect(retryDelayMs(30, SETTINGS, 0)).toBe(5_000);
  });

  it('spreads retries of refunds that failed together', () => {
    const delays = new Set([0.1, 0.4, 0.7].map((random) => retryDelayMs(3, SETTINGS, random)));
    expect(delays.size).toBe(3);
  });

  it('retries provider failures until the last attempt, refusals never', () => {
    expect(afterFailure(4, 'retryable', SETTINGS, 0)).toEqual({ retryInMs: 4_000 });
    expect(afterFailure(5, 'retryable', SETTINGS, 0)).toBe('give_up');
    expect(afterFailure(1, 'rejected', SETTINGS, 0)).toBe('give_up');
  });
});
