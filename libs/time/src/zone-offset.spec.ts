import { wallTimeRepeats } from './zone-offset';

describe('wallTimeRepeats', () => {
  it.each([
    ['2027-11-07T04:59:00Z', false], // 00:59 EDT, before the overlap
    ['2027-11-07T05:00:00Z', true], // 01:00 EDT, the first 01:00
    ['2027-11-07T05:30:00Z', true], // 01:30 EDT
    ['2027-11-07T06:30:00Z', true], // 01:30 EST, the second 01:30
    ['2027-11-07T07:00:00Z', false], // 02:00 EST, after it
    ['2027-03-14T07:00:00Z', false], // 03:00 EDT, just after the spring gap
  ])('%s in New York: %s', (instant, repeats) => {
    expect(wallTimeRepeats(new Date(instant), 'America/New_York')).toBe(repeats);
  });

  it('is false all year in a zone without changes', () => {
    expect(wallTimeRepeats(new Date('2027-11-07T05:30:00Z'), 'Asia/Kolkata')).toBe(false);
  });
});
