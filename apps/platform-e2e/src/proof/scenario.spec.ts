import { paceOf } from './scenario';

describe('paceOf', () => {
  it('keeps a size’s pace while the machine sustains twice it, and halves the capacity past that', () => {
    expect(paceOf({ journeysPerSecond: 20 }, 100)).toBe(20);
    expect(paceOf({ journeysPerSecond: 20 }, 40)).toBe(20);
    expect(paceOf({ journeysPerSecond: 20 }, 9.7)).toBeCloseTo(4.85);
    // The full soak names no pace of its own: half the capacity, whatever it is.
    expect(paceOf({ journeysPerSecond: Number.POSITIVE_INFINITY }, 12.8)).toBeCloseTo(6.4);
  });
});
