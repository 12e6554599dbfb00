import { offsetAt, wallTimeRepeats } from './zone-offset';

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

describe('offsetAt', () => {
  it('answers every spelling of a zone alike, past the zones it keeps, and refuses an unknown one', () => {
    // 2027-03-14 07:00Z is 03:00 EDT, New York's change: -300 before, -240 from then on.
    const spellings = Array.from({ length: 1_100 }, (_, i) =>
      [...'america/new_york'].map((c, bit) => ((i >> bit) & 1 ? c.toUpperCase() : c)).join(''),
    );
    const change = Date.UTC(2027, 2, 14, 7);
    for (const zone of new Set(spellings)) {
      expect([offsetAt(zone, change - 1), offsetAt(zone, change), offsetAt(zone, change + 600_000)]).toEqual([
        -300, -240, -240,
      ]);
    }
    expect(() => offsetAt('Mars/Olympus_Mons', change)).toThrow(RangeError);
  });
});
