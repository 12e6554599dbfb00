import { stoppedRising } from './read-load';
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
  it('keeps a size’s reads while they are at most two thirds of the read capacity', () => {
    expect(readPaceOf({ readsPerSecond: 200 }, 1_000)).toBe(200);
    expect(readPaceOf({ readsPerSecond: 200 }, 303)).toBe(200);
    expect(readPaceOf({ readsPerSecond: 200 }, 240)).toBeCloseTo(160);
    expect(readPaceOf({}, 254)).toBe(0);
  });
});

describe('stoppedRising', () => {
  it('goes on while each round gains a tenth or more on the one before', () => {
    expect(stoppedRising(undefined, 185)).toBe(false);
    expect(stoppedRising(185, 318)).toBe(false);
    expect(stoppedRising(365, 464)).toBe(false);
    expect(stoppedRising(464, 510)).toBe(true);
    expect(stoppedRising(535, 510)).toBe(true);
  });
});
