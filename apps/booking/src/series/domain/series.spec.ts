import { hasOccurrenceFrom, seriesSpan } from './series';
import { series } from './series.fixture';

describe('hasOccurrenceFrom', () => {
  it('always has one for a rule without COUNT or UNTIL', () => {
    expect(hasOccurrenceFrom(series('FREQ=WEEKLY;BYDAY=WE'), new Date('2099-01-01T00:00:00Z'))).toBe(true);
  });

  it('has none past UNTIL or past a COUNT rule’s last occurrence', () => {
    const until = series('FREQ=DAILY;UNTIL=20270301T150000Z');
    expect(hasOccurrenceFrom(until, new Date('2027-03-01T15:00:00Z'))).toBe(true);
    expect(hasOccurrenceFrom(until, new Date('2027-03-01T15:00:01Z'))).toBe(false);
    // 10 weekly occurrences from Wednesday Jan 6, 10:00 New York: the last is Mar 10, 10:00 EST.
    const count = series('FREQ=WEEKLY;COUNT=10');
    expect(hasOccurrenceFrom(count, new Date('2027-03-10T15:00:00Z'))).toBe(true);
    expect(hasOccurrenceFrom(count, new Date('2027-03-10T15:00:01Z'))).toBe(false);
  });

  it('finds a COUNT rule that skips most of its periods: three Feb 29s end in 2036, not 2031', () => {
    const leapDays = series('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;COUNT=3', { onMissingDay: 'skip' });
    expect(hasOccurrenceFrom(leapDays, new Date('2033-01-01T00:00:00Z'))).toBe(true);
    expect(hasOccurrenceFrom(leapDays, new Date('2036-03-01T00:00:00Z'))).toBe(false);
  });
});

describe('seriesSpan', () => {
  it('runs from DTSTART to UNTIL, or a century on for a rule without one', () => {
    expect(seriesSpan(series('FREQ=DAILY;UNTIL=20270301T150000Z'))).toEqual({
      from: new Date('2027-01-06T15:00:00Z'),
      to: new Date('2027-03-01T15:00:00.001Z'),
    });
    expect(seriesSpan(series('FREQ=WEEKLY;COUNT=10')).to).toEqual(
      new Date(Date.parse('2027-01-06T15:00:00Z') + 100 * 366 * 86_400_000),
    );
  });
});
