import { DateTime } from 'luxon';
import { RRule, type Options } from 'rrule';
import { boundedBetween, expandSeries, type SeriesSpec } from './recurrence';
import { InvalidRule, parseRule } from './recurrence-rule';
import type { WallTime } from './wall-clock';

const NY = 'America/New_York';

function wall(text: string): WallTime {
  const [date, time = '00:00'] = text.split('T') as [string, string?];
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return { year, month, day, hour, minute };
}

function series(rule: string, start: string, overrides: Partial<SeriesSpec> = {}): SeriesSpec {
  const startWall = wall(start);
  return {
    rule: parseRule(rule),
    start: startWall,
    end: { ...startWall, hour: startWall.hour + 1 },
    zone: NY,
    onMissingDay: 'skip',
    onNonexistent: 'reject',
    disambiguation: 'earlier',
    ...overrides,
  };
}

/** Local dates (YYYY-MM-DD) of the occurrences, checking each is at the start's wall time. */
function localDates(
  spec: SeriesSpec,
  from = '1990-01-01T00:00:00Z',
  to = '2010-01-01T00:00:00Z',
  limit = 1_000,
) {
  const { occurrences } = expandSeries(spec, new Date(from), new Date(to));
  return occurrences.slice(0, limit).map(({ start }) => {
    const local = DateTime.fromJSDate(start, { zone: spec.zone });
    expect(local.toFormat('HH:mm')).toBe(
      `${String(spec.start.hour).padStart(2, '0')}:${String(spec.start.minute).padStart(2, '0')}`,
    );
    return local.toISODate();
  });
}

const days = (month: string, list: number[]) => list.map((day) => `${month}-${String(day).padStart(2, '0')}`);
const range = (low: number, high: number) =>
  Array.from({ length: high - low + 1 }, (_, index) => low + index);

describe('RFC 5545 §3.8.5.3 examples (daily or coarser), in America/New_York', () => {
  it('daily for 10 occurrences', () => {
    expect(localDates(series('FREQ=DAILY;COUNT=10', '1997-09-02T09:00'))).toEqual(
      days('1997-09', range(2, 11)),
    );
  });

  it('daily until December 24, 1997 (UNTIL in UTC)', () => {
    const dates = localDates(series('FREQ=DAILY;UNTIL=19971224T000000Z', '1997-09-02T09:00'));
    expect(dates).toHaveLength(113);
    expect(dates[0]).toBe('1997-09-02');
    expect(dates.at(-1)).toBe('1997-12-23');
  });

  it('every other day', () => {
    const dates = localDates(series('FREQ=DAILY;INTERVAL=2', '1997-09-02T09:00'), undefined, undefined, 16);
    expect(dates).toEqual([
      ...days('1997-09', [2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30]),
      '1997-10-02',
    ]);
  });

  it('every 10 days, 5 occurrences', () => {
    expect(localDates(series('FREQ=DAILY;INTERVAL=10;COUNT=5', '1997-09-02T09:00'))).toEqual([
      ...days('1997-09', [2, 12, 22]),
      ...days('1997-10', [2, 12]),
    ]);
  });

  it('every day in January, for 3 years (yearly and daily forms)', () => {
    const expected = ['1998', '1999', '2000'].flatMap((year) => days(`${year}-01`, range(1, 31)));
    const yearly = 'FREQ=YEARLY;UNTIL=20000131T140000Z;BYMONTH=1;BYDAY=SU,MO,TU,WE,TH,FR,SA';
    expect(localDates(series(yearly, '1998-01-01T09:00'))).toEqual(expected);
    expect(localDates(series('FREQ=DAILY;UNTIL=20000131T140000Z;BYMONTH=1', '1998-01-01T09:00'))).toEqual(
      expected,
    );
  });

  it('weekly for 10 occurrences, at 09:00 on both sides of the 1997 fall-back', () => {
    const spec = series('FREQ=WEEKLY;COUNT=10', '1997-09-02T09:00');
    expect(localDates(spec)).toEqual([
      ...days('1997-09', [2, 9, 16, 23, 30]),
      ...days('1997-10', [7, 14, 21, 28]),
      '1997-11-04',
    ]);
    const utc = expandSeries(spec, new Date('1997-01-01'), new Date('1998-01-01')).occurrences.map((o) =>
      o.start.toISOString().slice(11, 16),
    );
    expect(utc.slice(0, 8)).toEqual(Array(8).fill('13:00'));
    expect(utc.slice(8)).toEqual(['14:00', '14:00']);
  });

  it('weekly until December 24, 1997', () => {
    const dates = localDates(series('FREQ=WEEKLY;UNTIL=19971224T000000Z', '1997-09-02T09:00'));
    expect(dates).toHaveLength(17);
    expect(dates.at(-1)).toBe('1997-12-23');
  });

  it('every other week, WKST=SU', () => {
    expect(
      localDates(series('FREQ=WEEKLY;INTERVAL=2;WKST=SU', '1997-09-02T09:00'), undefined, undefined, 13),
    ).toEqual([
      ...days('1997-09', [2, 16, 30]),
      ...days('1997-10', [14, 28]),
      ...days('1997-11', [11, 25]),
      ...days('1997-12', [9, 23]),
      ...days('1998-01', [6, 20]),
      ...days('1998-02', [3, 17]),
    ]);
  });

  it('weekly on Tuesday and Thursday for five weeks (UNTIL and COUNT forms)', () => {
    const expected = [...days('1997-09', [2, 4, 9, 11, 16, 18, 23, 25, 30]), '1997-10-02'];
    expect(
      localDates(series('FREQ=WEEKLY;UNTIL=19971007T000000Z;WKST=SU;BYDAY=TU,TH', '1997-09-02T09:00')),
    ).toEqual(expected);
    expect(localDates(series('FREQ=WEEKLY;COUNT=10;WKST=SU;BYDAY=TU,TH', '1997-09-02T09:00'))).toEqual(
      expected,
    );
  });

  it('every other week on Monday, Wednesday and Friday until December 24, 1997', () => {
    const rule = 'FREQ=WEEKLY;INTERVAL=2;UNTIL=19971224T000000Z;WKST=SU;BYDAY=MO,WE,FR';
    expect(localDates(series(rule, '1997-09-01T09:00'))).toEqual([
      ...days('1997-09', [1, 3, 5, 15, 17, 19, 29]),
      ...days('1997-10', [1, 3, 13, 15, 17, 27, 29, 31]),
      ...days('1997-11', [10, 12, 14, 24, 26, 28]),
      ...days('1997-12', [8, 10, 12, 22]),
    ]);
  });

  it('every other week on Tuesday and Thursday, for 8 occurrences', () => {
    expect(
      localDates(series('FREQ=WEEKLY;INTERVAL=2;COUNT=8;WKST=SU;BYDAY=TU,TH', '1997-09-02T09:00')),
    ).toEqual([...days('1997-09', [2, 4, 16, 18, 30]), ...days('1997-10', [2, 14, 16])]);
  });

  it('monthly on the first Friday for 10 occurrences', () => {
    expect(localDates(series('FREQ=MONTHLY;COUNT=10;BYDAY=1FR', '1997-09-05T09:00'))).toEqual([
      '1997-09-05',
      '1997-10-03',
      '1997-11-07',
      '1997-12-05',
      '1998-01-02',
      '1998-02-06',
      '1998-03-06',
      '1998-04-03',
      '1998-05-01',
      '1998-06-05',
    ]);
  });

  it('every other month on the first and last Sunday, for 10 occurrences', () => {
    expect(localDates(series('FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU', '1997-09-07T09:00'))).toEqual(
      [
        '1997-09-07',
        '1997-09-28',
        '1997-11-02',
        '1997-11-30',
        '1998-01-04',
        '1998-01-25',
        '1998-03-01',
        '1998-03-29',
        '1998-05-03',
        '1998-05-31',
      ],
    );
  });

  it('monthly on the second-to-last Monday for 6 months', () => {
    expect(localDates(series('FREQ=MONTHLY;COUNT=6;BYDAY=-2MO', '1997-09-22T09:00'))).toEqual([
      '1997-09-22',
      '1997-10-20',
      '1997-11-17',
      '1997-12-22',
      '1998-01-19',
      '1998-02-16',
    ]);
  });

  it('monthly on the third-to-the-last day of the month', () => {
    expect(
      localDates(series('FREQ=MONTHLY;BYMONTHDAY=-3', '1997-09-28T09:00'), undefined, undefined, 6),
    ).toEqual(['1997-09-28', '1997-10-29', '1997-11-28', '1997-12-29', '1998-01-29', '1998-02-26']);
  });

  it('monthly on the 2nd and 15th, and on the first and last day, for 10 occurrences', () => {
    expect(localDates(series('FREQ=MONTHLY;COUNT=10;BYMONTHDAY=2,15', '1997-09-02T09:00'))).toEqual(
      ['1997-09', '1997-10', '1997-11', '1997-12', '1998-01'].flatMap((month) => days(month, [2, 15])),
    );
    expect(localDates(series('FREQ=MONTHLY;COUNT=10;BYMONTHDAY=1,-1', '1997-09-30T09:00'))).toEqual([
      '1997-09-30',
      '1997-10-01',
      '1997-10-31',
      '1997-11-01',
      '1997-11-30',
      '1997-12-01',
      '1997-12-31',
      '1998-01-01',
      '1998-01-31',
      '1998-02-01',
    ]);
  });

  it('every 18 months on the 10th through 15th, for 10 occurrences', () => {
    const rule = 'FREQ=MONTHLY;INTERVAL=18;COUNT=10;BYMONTHDAY=10,11,12,13,14,15';
    expect(localDates(series(rule, '1997-09-10T09:00'))).toEqual([
      ...days('1997-09', range(10, 15)),
      ...days('1999-03', range(10, 13)),
    ]);
  });

  it('every Tuesday, every other month', () => {
    expect(
      localDates(series('FREQ=MONTHLY;INTERVAL=2;BYDAY=TU', '1997-09-02T09:00'), undefined, undefined, 18),
    ).toEqual([
      ...days('1997-09', [2, 9, 16, 23, 30]),
      ...days('1997-11', [4, 11, 18, 25]),
      ...days('1998-01', [6, 13, 20, 27]),
      ...days('1998-03', [3, 10, 17, 24, 31]),
    ]);
  });

  it('yearly in June and July for 10 occurrences', () => {
    expect(localDates(series('FREQ=YEARLY;COUNT=10;BYMONTH=6,7', '1997-06-10T09:00'))).toEqual(
      ['1997', '1998', '1999', '2000', '2001'].flatMap((year) => [`${year}-06-10`, `${year}-07-10`]),
    );
  });

  it('every other year on January, February and March for 10 occurrences', () => {
    expect(localDates(series('FREQ=YEARLY;INTERVAL=2;COUNT=10;BYMONTH=1,2,3', '1997-03-10T09:00'))).toEqual([
      '1997-03-10',
      ...['1999', '2001', '2003'].flatMap((year) => [`${year}-01-10`, `${year}-02-10`, `${year}-03-10`]),
    ]);
  });

  it('every third year on the 1st, 100th and 200th day for 10 occurrences', () => {
    expect(
      localDates(series('FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200', '1997-01-01T09:00')),
    ).toEqual([
      '1997-01-01',
      '1997-04-10',
      '1997-07-19',
      '2000-01-01',
      '2000-04-09',
      '2000-07-18',
      '2003-01-01',
      '2003-04-10',
      '2003-07-19',
      '2006-01-01',
    ]);
  });

  it('every 20th Monday of the year, and Monday of week number 20', () => {
    expect(localDates(series('FREQ=YEARLY;BYDAY=20MO', '1997-05-19T09:00'), undefined, undefined, 3)).toEqual(
      ['1997-05-19', '1998-05-18', '1999-05-17'],
    );
    expect(
      localDates(series('FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO', '1997-05-12T09:00'), undefined, undefined, 3),
    ).toEqual(['1997-05-12', '1998-05-11', '1999-05-17']);
  });

  it('every Thursday in March', () => {
    expect(
      localDates(series('FREQ=YEARLY;BYMONTH=3;BYDAY=TH', '1997-03-13T09:00'), undefined, undefined, 11),
    ).toEqual([
      ...days('1997-03', [13, 20, 27]),
      ...days('1998-03', [5, 12, 19, 26]),
      ...days('1999-03', [4, 11, 18, 25]),
    ]);
  });

  it('every Friday the 13th (DTSTART not matching the rule is not an occurrence)', () => {
    expect(
      localDates(series('FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13', '1997-09-02T09:00'), undefined, undefined, 5),
    ).toEqual(['1998-02-13', '1998-03-13', '1998-11-13', '1999-08-13', '2000-10-13']);
  });

  it('the first Saturday that follows the first Sunday of the month', () => {
    const rule = 'FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13';
    expect(localDates(series(rule, '1997-09-13T09:00'), undefined, undefined, 10)).toEqual([
      '1997-09-13',
      '1997-10-11',
      '1997-11-08',
      '1997-12-13',
      '1998-01-10',
      '1998-02-07',
      '1998-03-07',
      '1998-04-11',
      '1998-05-09',
      '1998-06-13',
    ]);
  });

  it('US Presidential Election Day, every 4 years', () => {
    const rule = 'FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8';
    expect(localDates(series(rule, '1996-11-05T09:00'), undefined, undefined, 3)).toEqual([
      '1996-11-05',
      '2000-11-07',
      '2004-11-02',
    ]);
  });

  it('the third instance of Tuesday, Wednesday or Thursday, and the second-to-last weekday (BYSETPOS)', () => {
    expect(localDates(series('FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3', '1997-09-04T09:00'))).toEqual([
      '1997-09-04',
      '1997-10-07',
      '1997-11-06',
    ]);
    const rule = 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2';
    expect(localDates(series(rule, '1997-09-29T09:00'), undefined, undefined, 7)).toEqual([
      '1997-09-29',
      '1997-10-30',
      '1997-11-27',
      '1997-12-30',
      '1998-01-29',
      '1998-02-26',
      '1998-03-30',
    ]);
  });

  it('WKST changes what INTERVAL=2 means', () => {
    expect(
      localDates(series('FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO', '1997-08-05T09:00')),
    ).toEqual(days('1997-08', [5, 10, 19, 24]));
    expect(
      localDates(series('FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU', '1997-08-05T09:00')),
    ).toEqual(days('1997-08', [5, 17, 19, 31]));
  });

  it('counts a date that two BYSETPOS positions pick once toward COUNT, as RFC 5545 does', () => {
    // April 2027 has four Mondays, so its set is the last Tuesday alone, which 1 and -1 both pick.
    const rule = 'FREQ=MONTHLY;COUNT=5;BYDAY=-5MO,-1TU;BYSETPOS=1,-1';
    expect(
      localDates(series(rule, '2027-03-28T09:00'), '2027-01-01T00:00:00Z', '2028-01-01T00:00:00Z'),
    ).toEqual(['2027-03-30', '2027-04-27', '2027-05-03', '2027-05-25', '2027-06-29']);
  });

  it('skips an invalid date (February 30) as RFC 5545 says', () => {
    expect(localDates(series('FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5', '2007-01-15T09:00'))).toEqual([
      '2007-01-15',
      '2007-01-30',
      '2007-02-15',
      '2007-03-15',
      '2007-03-30',
    ]);
  });
});

describe('series policies', () => {
  const window = ['2026-01-01T00:00:00Z', '2029-01-01T00:00:00Z'] as const;

  it('clamps a monthly rule from Jan 31 to Feb 28 by default, or skips February (ACCEPTANCE 2)', () => {
    const clamp = series('FREQ=MONTHLY;COUNT=4', '2027-01-31T10:00', { onMissingDay: 'clamp' });
    expect(localDates(clamp, ...window)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']);
    const skip = series('FREQ=MONTHLY;COUNT=4', '2027-01-31T10:00', { onMissingDay: 'skip' });
    expect(localDates(skip, ...window)).toEqual(['2027-01-31', '2027-03-31', '2027-05-31', '2027-07-31']);
  });

  it('leaves a yearly rule on a day of every month as RFC 5545 has it, clamp or not', () => {
    const clamp = series('FREQ=YEARLY;BYMONTHDAY=30;COUNT=3', '2027-02-10T10:00', { onMissingDay: 'clamp' });
    expect(localDates(clamp, ...window)).toEqual(['2027-03-30', '2027-04-30', '2027-05-30']);
  });

  it('moves a yearly Feb 29 to Feb 28 in 2027 with clamp, and skips it with skip (ACCEPTANCE 6)', () => {
    const clamp = series('FREQ=YEARLY;COUNT=3', '2028-02-29T10:00', { onMissingDay: 'clamp' });
    expect(localDates(clamp, '2028-01-01T00:00:00Z', '2036-01-01T00:00:00Z')).toEqual([
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
    ]);
    const fromLeapDay = series('FREQ=YEARLY;COUNT=2', '2024-02-29T10:00', { onMissingDay: 'clamp' });
    expect(localDates(fromLeapDay, '2024-01-01T00:00:00Z', '2036-01-01T00:00:00Z')).toEqual([
      '2024-02-29',
      '2025-02-28',
    ]);
    const skip = series('FREQ=YEARLY;COUNT=2', '2024-02-29T10:00', { onMissingDay: 'skip' });
    expect(localDates(skip, '2024-01-01T00:00:00Z', '2036-01-01T00:00:00Z')).toEqual([
      '2024-02-29',
      '2028-02-29',
    ]);
  });

  it('keeps 10:00 New York on Wednesdays across Nov 1: 14:00Z before, 15:00Z after (ACCEPTANCE 5)', () => {
    const spec = series('FREQ=WEEKLY;BYDAY=WE;COUNT=4', '2026-10-21T10:00');
    const { occurrences } = expandSeries(spec, new Date(window[0]), new Date(window[1]));
    expect(occurrences.map((o) => o.start.toISOString())).toEqual([
      '2026-10-21T14:00:00.000Z',
      '2026-10-28T14:00:00.000Z',
      '2026-11-04T15:00:00.000Z',
      '2026-11-11T15:00:00.000Z',
    ]);
  });

  it('crosses the year end without an ISO-week slip (ACCEPTANCE 7)', () => {
    const spec = series('FREQ=WEEKLY;BYDAY=WE;COUNT=4', '2026-12-23T10:00');
    expect(localDates(spec, ...window)).toEqual(['2026-12-23', '2026-12-30', '2027-01-06', '2027-01-13']);
  });

  it('rejects an occurrence in the spring-forward gap by name, or skips it (still counted), or shifts it', () => {
    const spec = series('FREQ=DAILY;COUNT=3', '2026-03-07T02:30');
    const rejected = expandSeries(spec, new Date(window[0]), new Date(window[1]));
    expect(rejected.nonexistent).toEqual([{ year: 2026, month: 3, day: 8, hour: 2, minute: 30, second: 0 }]);
    const skipped = expandSeries(
      { ...spec, onNonexistent: 'skip' },
      new Date(window[0]),
      new Date(window[1]),
    );
    expect(skipped.nonexistent).toEqual([]);
    expect(skipped.occurrences.map((o) => o.start.toISOString())).toEqual([
      '2026-03-07T07:30:00.000Z',
      '2026-03-09T06:30:00.000Z',
    ]);
    const shifted = expandSeries(
      { ...spec, onNonexistent: 'shiftForward' },
      new Date(window[0]),
      new Date(window[1]),
    );
    expect(shifted.occurrences[1]!.start.toISOString()).toBe('2026-03-08T07:30:00.000Z'); // 03:30 EDT
  });

  it('takes the earlier instant in the fall-back overlap unless told later', () => {
    const spec = series('FREQ=DAILY;COUNT=2', '2026-10-31T01:30');
    const [, earlier] = expandSeries(spec, new Date(window[0]), new Date(window[1])).occurrences;
    expect(earlier!.start.toISOString()).toBe('2026-11-01T05:30:00.000Z');
    const [, later] = expandSeries(
      { ...spec, disambiguation: 'later' },
      new Date(window[0]),
      new Date(window[1]),
    ).occurrences;
    expect(later!.start.toISOString()).toBe('2026-11-01T06:30:00.000Z');
  });

  it('gives every occurrence the first one’s exact duration across DST (RFC 5545 §3.8.5.3)', () => {
    const span = (spec: SeriesSpec, from: string, to: string) =>
      expandSeries(spec, new Date(from), new Date(to)).occurrences.map(
        (o) => `${o.start.toISOString().slice(0, 16)}/${o.end.toISOString().slice(11, 16)}`,
      );
    // 01:30–03:30 Los Angeles is two hours in September: on the fall-back and spring-forward days too.
    const weekly = series('FREQ=WEEKLY', '2027-09-12T01:30', {
      end: wall('2027-09-12T03:30'),
      zone: 'America/Los_Angeles',
    });
    expect(span(weekly, '2027-11-07T00:00Z', '2027-11-08T00:00Z')).toEqual(['2027-11-07T08:30/10:30']);
    expect(span(weekly, '2028-03-12T00:00Z', '2028-03-13T00:00Z')).toEqual(['2028-03-12T09:30/11:30']);
    // 23:30–01:00 Havana is 90 minutes, also on the night its midnight is skipped.
    const nightly = series('FREQ=DAILY', '2027-02-09T23:30', {
      end: wall('2027-02-10T01:00'),
      zone: 'America/Havana',
    });
    expect(span(nightly, '2027-03-13T12:00Z', '2027-03-14T12:00Z')).toEqual(['2027-03-14T04:30/06:00']);
    // Sunday 01:30–02:30 New York, the earlier 01:30 on the fall-back day: one hour, not two.
    const sunday = series('FREQ=WEEKLY;BYDAY=SU', '2027-10-31T01:30', { end: wall('2027-10-31T02:30') });
    expect(span(sunday, '2027-11-07T00:00Z', '2027-11-08T00:00Z')).toEqual(['2027-11-07T05:30/06:30']);
  });

  it('answers a window query on a 10-year-old series exactly as a full expansion does', () => {
    for (const rule of [
      'FREQ=WEEKLY;BYDAY=MO,TH',
      'FREQ=DAILY;INTERVAL=3',
      'FREQ=MONTHLY;BYDAY=-1FR',
      'FREQ=YEARLY;BYMONTH=3,9',
    ]) {
      const spec = series(rule, '2016-03-10T08:15');
      const from = new Date('2026-02-01T00:00:00Z');
      const to = new Date('2026-12-01T00:00:00Z');
      const full = expandSeries(
        spec,
        new Date('2016-01-01T00:00:00Z'),
        new Date('2030-01-01T00:00:00Z'),
      ).occurrences.filter((o) => o.start >= from && o.start < to);
      expect(expandSeries(spec, from, to).occurrences).toEqual(full);
      expect(full.length).toBeGreaterThan(0);
    }
  });
});

describe('parseRule', () => {
  it.each([
    ['FREQ=HOURLY;COUNT=3', /finer than daily/],
    ['FREQ=MINUTELY', /finer than daily/],
    ['FREQ=DAILY;BYHOUR=9', /not supported/],
    ['FREQ=WEEKLY;COUNT=2;UNTIL=20270101T000000Z', /exclude/],
    ['FREQ=FORTNIGHTLY', /not valid/],
    ['COUNT=3', /FREQ is required/],
    ['FREQ=DAILY;COUNT=0', /not valid/],
    ['FREQ=WEEKLY;BYDAY=XX', /not valid/],
    ['FREQ=DAILY;;COUNT=2', /NAME=VALUE/],
    ['FREQ=MONTHLY;UNTIL=20270230T000000Z', /not a date/],
    ['FREQ=WEEKLY;BYDAY=1MO', /Numbered BYDAY/],
    ['FREQ=MONTHLY;BYDAY=1MO,FR', /may not mix/],
    ['FREQ=WEEKLY;BYDAY=SA,SU;BYSETPOS=2', /not supported with WEEKLY/],
    ['', /empty/],
  ])('refuses %p', (rule, message) => {
    expect(() => parseRule(rule)).toThrow(InvalidRule);
    expect(() => parseRule(rule)).toThrow(message);
  });

  it('accepts an RRULE: prefix and lower case, and keeps the text', () => {
    expect(parseRule('RRULE:freq=weekly;byday=we;count=10').text).toBe('FREQ=WEEKLY;BYDAY=WE;COUNT=10');
  });
});

describe('boundedBetween', () => {
  const after = new Date('2027-01-01T00:00:00Z');
  const before = new Date('2029-01-01T00:00:00Z');

  it.each([
    ['DAILY', RRule.DAILY],
    ['WEEKLY', RRule.WEEKLY],
    ['MONTHLY', RRule.MONTHLY],
    ['YEARLY', RRule.YEARLY],
  ])('stops a %s rule that never matches (February 30) once past the window, with nothing', (_name, freq) => {
    // Unbounded, rrule.js walks such a rule to year 9999: 13 s for DAILY, past jest's timeout.
    expect(boundedBetween({ freq, bymonth: [2], bymonthday: [30], dtstart: after }, after, before)).toEqual(
      [],
    );
  });

  it.each<[string, Partial<Options>]>([
    ['every day', { freq: RRule.DAILY }],
    ['every 3rd day', { freq: RRule.DAILY, interval: 3 }],
    ['Mondays and Fridays', { freq: RRule.WEEKLY, byweekday: [RRule.MO, RRule.FR] }],
    ['every 2nd week on Sunday', { freq: RRule.WEEKLY, interval: 2, byweekday: [RRule.SU] }],
    ['the last weekday of the month', { freq: RRule.MONTHLY, byweekday: [0, 1, 2, 3, 4], bysetpos: [-1] }],
    ['the 31st', { freq: RRule.MONTHLY, bymonthday: [31] }],
    ['February 29', { freq: RRule.YEARLY, bymonth: [2], bymonthday: [29] }],
    ['every 5 years', { freq: RRule.YEARLY, interval: 5 }],
    [
      'Tuesdays on a 7-day step from a Friday (never)',
      { freq: RRule.DAILY, interval: 7, byweekday: [RRule.TU] },
    ],
  ])('gives exactly what rrule.js gives for %s', (_name, options) => {
    const dtstart = new Date('2026-12-04T09:30:00Z');
    const rule = { ...options, dtstart };
    expect(boundedBetween(rule, after, before)).toEqual(new RRule(rule).between(after, before, true));
  });

  it('returns at most the number asked for', () => {
    expect(boundedBetween({ freq: RRule.DAILY, dtstart: after }, after, before, 3)).toEqual([
      new Date('2027-01-01T00:00:00Z'),
      new Date('2027-01-02T00:00:00Z'),
      new Date('2027-01-03T00:00:00Z'),
    ]);
  });
});
