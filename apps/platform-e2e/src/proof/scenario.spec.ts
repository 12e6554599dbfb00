import { paceOf, readPaceOf } from './scenario';

describe('paceOf', () => {
  it('keeps a size’s pace while the machine sustains twice it, and halves the capacity past that', () => {
    expect(paceOf({ journeysPerSecond: 20 }, 100)).toBe(20);
    expect(paceOf({ journeysPerSecond: 20 }, 40)).toBe(20);
    expect(paceOf({ journeysPerSecond: 20 }, 9.7)).toBeCloseTo(4.85);
    // The full soak names no pace of its own: half the capacity, whatever it is.
    expect(paceOf({ journeysPerSecond: Number.POSITIVE_INFINITY }, 12.8)).toBeCloseTo(6.4);
  });
});

describe('readPaceOf', () => {
  it('keeps a size’s reads while they are at most a third of the read capacity', () => {
    expect(readPaceOf({ readsPerSecond: 200 }, 1_000)).toBe(200);
    expect(readPaceOf({ readsPerSecond: 200 }, 254)).toBeCloseTo(84.67);
    expect(readPaceOf({}, 254)).toBe(0);
  });
});
