import { parseRule } from './recurrence-rule';
import type { SeriesSpec } from './recurrence';
import {
  calendarDifferences,
  firstMatchWall,
  ruleReadAlike,
  ruleWallOf,
  writtenRule,
} from './series-calendar';

const NY = 'America/New_York';
const spec = (rule: string, start: string, overrides: Partial<SeriesSpec> = {}): SeriesSpec => {
  const [date, time] = start.split('T') as [string, string];
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return {
    rule: parseRule(rule),
    start: { year, month, day, hour, minute },
    end: { year, month, day, hour: hour + 1, minute },
    zone: NY,
    onMissingDay: 'clamp',
    onNonexistent: 'reject',
    disambiguation: 'earlier',
    ...overrides,
  };
};

describe('writtenRule', () => {
  it('leaves a rule without COUNT or a date-only UNTIL as stored', () => {
    expect(writtenRule(spec('FREQ=WEEKLY;BYDAY=MO,WE', '2027-01-04T09:00'))).toBe('FREQ=WEEKLY;BYDAY=MO,WE');
    expect(writtenRule(spec('FREQ=MONTHLY;UNTIL=20271231T000000Z', '2027-01-31T18:00'))).toBe(
      'FREQ=MONTHLY;UNTIL=20271231T000000Z',
    );
  });

  it('writes a date-only UNTIL as the UTC end of that date in the zone', () => {
    expect(writtenRule(spec('FREQ=DAILY;UNTIL=20270310', '2027-03-01T09:00'))).toBe(
      'FREQ=DAILY;UNTIL=20270311T045959Z',
    );
  });

  it('writes COUNT as the UNTIL of the platform’s last occurrence, clamped months counted', () => {
    // Jan 31, then Feb 28, Mar 31, Apr 30: the fourth is 2027-04-30 18:00 EDT.
    expect(writtenRule(spec('FREQ=MONTHLY;COUNT=4', '2027-01-31T18:00'))).toBe(
      'FREQ=MONTHLY;UNTIL=20270430T220000Z',
    );
  });
});

describe('ruleWallOf and calendarDifferences', () => {
  it('gives an occurrence the rule’s wall time, also where a gap moved it', () => {
    // 02:30 on 2027-03-14 does not exist in New York; shifted forward, the occurrence starts 03:30 EDT.
    const shifted = spec('FREQ=DAILY', '2027-03-12T02:30', { onNonexistent: 'shiftForward' });
    expect(ruleWallOf(new Date('2027-03-14T07:30:00Z'), shifted)).toEqual({
      year: 2027,
      month: 3,
      day: 14,
      hour: 2,
      minute: 30,
      second: 0,
    });
  });

  it('lists every occurrence, clamped days included, for a series written as dates; takes out a skipped gap instance', () => {
    const clamped = spec('FREQ=MONTHLY', '2027-01-31T18:00');
    const window = [new Date('2027-01-01T00:00:00Z'), new Date('2027-07-01T00:00:00Z')] as const;
    expect(
      calendarDifferences(clamped, ...window, false).extra.map((wall) => `${wall.month}-${wall.day}`),
    ).toEqual(['1-31', '2-28', '3-31', '4-30', '5-31', '6-30']);
    expect(calendarDifferences(clamped, ...window).extra).toEqual([]);
    const gapWindow = [new Date('2027-03-12T00:00:00Z'), new Date('2027-03-17T00:00:00Z')] as const;
    const skipping = spec('FREQ=DAILY;COUNT=5', '2027-03-12T02:30', { onNonexistent: 'skip' });
    expect(calendarDifferences(skipping, ...gapWindow).missing).toEqual([
      { year: 2027, month: 3, day: 14, hour: 2, minute: 30, second: 0 },
    ]);
    expect(calendarDifferences({ ...skipping, onNonexistent: 'shiftForward' }, ...window).missing).toEqual(
      [],
    );
  });

  it('pins the occurrences that span a change or start at a skipped or repeated wall time', () => {
    const window = [new Date('2027-03-12T00:00:00Z'), new Date('2027-11-09T00:00:00Z')] as const;
    for (const disambiguation of ['earlier', 'later'] as const) {
      const pinned = calendarDifferences(
        spec('FREQ=WEEKLY;BYDAY=SU', '2027-03-14T01:30', { onNonexistent: 'shiftForward', disambiguation }),
        ...window,
      ).pinned.map(({ occurrence }) => occurrence.start.toISOString());
      // 01:30–02:30 spans the gap on 2027-03-14; 01:30 repeats on 2027-11-07 (05:30Z or 06:30Z).
      expect(pinned).toEqual([
        '2027-03-14T06:30:00.000Z',
        disambiguation === 'earlier' ? '2027-11-07T05:30:00.000Z' : '2027-11-07T06:30:00.000Z',
      ]);
    }
  });
});

describe('ruleReadAlike', () => {
  it('is false where the rule may name a day some months or years lack', () => {
    expect(ruleReadAlike(spec('FREQ=MONTHLY', '2027-01-31T18:00'))).toBe(false);
    expect(ruleReadAlike(spec('FREQ=MONTHLY;BYMONTHDAY=15,30', '2027-01-15T18:00'))).toBe(false);
    expect(ruleReadAlike(spec('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29', '2028-02-29T12:00'))).toBe(false);
    expect(ruleReadAlike(spec('FREQ=YEARLY', '2028-02-29T12:00'))).toBe(false);
    expect(ruleReadAlike(spec('FREQ=YEARLY;BYYEARDAY=366', '2028-12-31T12:00'))).toBe(false);
  });

  it('is true where every period has the day: weekly, the 28th or earlier, weekdays, the last day', () => {
    expect(ruleReadAlike(spec('FREQ=WEEKLY', '2027-01-31T18:00'))).toBe(true);
    expect(ruleReadAlike(spec('FREQ=MONTHLY', '2027-01-28T18:00'))).toBe(true);
    expect(ruleReadAlike(spec('FREQ=MONTHLY;BYDAY=-1SU', '2027-01-31T18:00'))).toBe(true);
    expect(ruleReadAlike(spec('FREQ=MONTHLY;BYMONTHDAY=-1', '2027-01-31T18:00'))).toBe(true);
  });
});

describe('firstMatchWall', () => {
  it('is DTSTART where the rule matches it, else the first match, in a gap or not', () => {
    expect(firstMatchWall(spec('FREQ=DAILY', '2027-01-06T10:00'))).toMatchObject({
      month: 1,
      day: 6,
      hour: 10,
    });
    expect(firstMatchWall(spec('FREQ=WEEKLY;BYDAY=FR', '2027-01-06T10:00'))).toMatchObject({
      month: 1,
      day: 8,
    });
    // The first Sunday from 2027-03-10 at 02:30 is 2027-03-14, whose 02:30 does not exist.
    expect(firstMatchWall(spec('FREQ=WEEKLY;BYDAY=SU', '2027-03-10T02:30'))).toEqual({
      year: 2027,
      month: 3,
      day: 14,
      hour: 2,
      minute: 30,
      second: 0,
    });
  });
});
