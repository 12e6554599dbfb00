import { countedHolds } from './hold-limit';

describe('countedHolds', () => {
  it.each([
    ['deposit', 2_000_000, 1, 1],
    ['deposit', 0, 1, 0],
    ['deposit', 0, 168, 0],
    ['all', 0, 1, 1],
    ['all', 0, 168, 168],
    ['none', 2_000_000, 1, 0],
  ] as const)('holdLimit %s, deposit %i: %i held count as %i', (holdLimit, depositAmount, held, counted) => {
    expect(countedHolds({ holdLimit, depositAmount }, held)).toBe(counted);
  });
});
