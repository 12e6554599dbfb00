import { lastPossibleStart } from './series';

const startWall = { year: 2027, month: 1, day: 6, hour: 10, minute: 0, second: 0 };

describe('lastPossibleStart', () => {
  it('has none for a rule without COUNT or UNTIL', () => {
    expect(lastPossibleStart({ rrule: 'FREQ=WEEKLY;BYDAY=WE', startWall })).toBeNull();
  });

  it('is UNTIL itself for an instant, and two days past a date-only UNTIL', () => {
    expect(lastPossibleStart({ rrule: 'FREQ=DAILY;UNTIL=20270301T150000Z', startWall })).toEqual(
      new Date('2027-03-01T15:00:00Z'),
    );
    expect(lastPossibleStart({ rrule: 'FREQ=DAILY;UNTIL=20270301', startWall })).toEqual(
      new Date('2027-03-03T00:00:00Z'),
    );
  });

  it('bounds a COUNT rule by COUNT + 1 of its longest periods, INTERVAL included', () => {
    // 10 weekly occurrences from Jan 6 end on Mar 10; the bound lies after, within 11 weeks and 2 days.
    expect(lastPossibleStart({ rrule: 'FREQ=WEEKLY;COUNT=10', startWall })).toEqual(
      new Date('2027-03-26T00:00:00Z'),
    );
    expect(lastPossibleStart({ rrule: 'FREQ=MONTHLY;INTERVAL=2;COUNT=3', startWall })).toEqual(
      new Date(Date.UTC(2027, 0, 6) + (8 * 31 + 2) * 86_400_000),
    );
  });
});
