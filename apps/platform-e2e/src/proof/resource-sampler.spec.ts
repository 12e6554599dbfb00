import { slopePerHour } from './resource-sampler';

describe('slopePerHour', () => {
  const at = (minutes: number) => minutes * 60_000;

  it('gives the growth per hour of a series that grows steadily', () => {
    const samples = [0, 10, 20, 30].map((minute) => ({ at: at(minute), mb: 100 + minute / 2 }));
    expect(slopePerHour(samples, (sample) => sample.mb)).toBeCloseTo(30);
  });

  it('gives 0 for a flat series, and for one of a single sample', () => {
    const flat = [0, 1, 2, 3].map((minute) => ({ at: at(minute), mb: 95 }));
    expect(slopePerHour(flat, (sample) => sample.mb)).toBe(0);
    expect(slopePerHour(flat.slice(0, 1), (sample) => sample.mb)).toBe(0);
  });
});
