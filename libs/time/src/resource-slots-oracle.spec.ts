import { bruteForceSlots, type BruteSlotsQuery } from '../test/brute-force-slots';
import { pick, seededRandom } from '../test/seeded-random';
import type { BusinessHours, Interval, Openings } from './business-hours';
import { resourceSlots, type ResourceSlotsQuery } from './resource-slots';

/**
 * `resourceSlots` against a brute-force walk of every minute (test/brute-force-slots.ts), on
 * random resources around DST days in New York, London, Lord Howe and Santiago, and in Tokyo,
 * seen from zones up to 14 hours away; and the property a day view and a week view rest on:
 * each day's slots are the same whatever window contains the day.
 */
const DAY = 86_400_000;
const MINUTE = 60_000;

/** Each zone with dates that include its DST days (Tokyo has none). */
const ZONES: Record<string, string[]> = {
  'America/New_York': ['2027-03-14', '2027-11-07'],
  'Europe/London': ['2027-03-28', '2027-10-31'],
  'Australia/Lord_Howe': ['2027-04-04', '2027-10-03'],
  'America/Santiago': ['2027-04-04', '2027-09-05'],
  'Asia/Tokyo': ['2027-01-20'],
};
const VIEWERS = ['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Asia/Kolkata', 'America/New_York'];
const OPENINGS: Openings[] = [
  [['00:00', '24:00']],
  [['09:00', '17:00']],
  [['00:00', '03:00']],
  [['01:00', '04:30']],
  [
    ['08:00', '12:00'],
    ['13:00', '18:30'],
  ],
  [['22:00', '24:00']],
  [],
];

function randomHours(next: () => number, around: string): BusinessHours | null {
  if (next() < 0.3) return null;
  const weekly = Object.fromEntries(
    ['0', '1', '2', '3', '4', '5', '6'].map((day) => [day, pick(next, OPENINGS)]),
  );
  const overrides = next() < 0.3 ? { [around]: pick(next, OPENINGS) } : undefined;
  return { weekly, ...(overrides ? { overrides } : {}) };
}

const shiftDate = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

function randomQuery(next: () => number) {
  const zone = pick(next, Object.keys(ZONES));
  const around = pick(next, ZONES[zone]!);
  const fromDate = shiftDate(around, -Math.floor(next() * 3));
  const toDate = shiftDate(fromDate, Math.floor(next() * 5));
  const busy: Interval[] = Array.from({ length: Math.floor(next() * 4) }, () => {
    const start = Date.parse(`${around}T00:00:00Z`) + Math.floor(next() * 96 - 24) * 30 * MINUTE;
    return { start: new Date(start), end: new Date(start + pick(next, [15, 60, 150]) * MINUTE) };
  });
  return {
    hours: randomHours(next, around),
    zone,
    viewerZone: pick(next, VIEWERS),
    fromDate,
    toDate,
    durationMinutes: pick(next, [30, 60, 90, 100]),
    slotMinutes: pick(next, [15, 30, 60, 100]),
    bufferBeforeMinutes: pick(next, [0, 0, 15, 30]),
    bufferAfterMinutes: pick(next, [0, 0, 15, 45]),
    busy,
    notBefore: new Date(Date.parse(`${fromDate}T00:00:00Z`) + Math.floor(next() * 48) * 30 * MINUTE),
  } satisfies BruteSlotsQuery;
}

function slotsOf(query: BruteSlotsQuery, fromDate = query.fromDate, toDate = query.toDate): string[] {
  const request: ResourceSlotsQuery = {
    resource: {
      timeZone: query.zone,
      businessHours: query.hours,
      slotMinutes: query.slotMinutes,
      minNoticeMinutes: 0,
      bufferBeforeMinutes: query.bufferBeforeMinutes,
      bufferAfterMinutes: query.bufferAfterMinutes,
    },
    fromDate,
    toDate,
    viewerTimeZone: query.viewerZone,
    durationMinutes: query.durationMinutes,
    busy: query.busy,
    now: query.notBefore,
  };
  return resourceSlots(request).map(({ start, end }) => `${start.toISOString()}/${end.toISOString()}`);
}

describe('resourceSlots against a minute-by-minute oracle', () => {
  it('lists the same slots as the brute-force walk, and each day alone as within any window', () => {
    const next = seededRandom(20_271_206);
    let queries = 0;
    let slots = 0;
    let days = 0;
    for (let run = 0; run < 250; run++) {
      const query = randomQuery(next);
      const expected = bruteForceSlots(query);
      if (expected === 'edge in a transition') continue;
      const actual = slotsOf(query);
      expect({ query, actual }).toEqual({
        query,
        actual: expected.map(({ start, end }) => `${start.toISOString()}/${end.toISOString()}`),
      });
      const dayByDay: string[] = [];
      for (let date = query.fromDate; date <= query.toDate; date = shiftDate(date, 1)) {
        dayByDay.push(...slotsOf(query, date, date));
        days++;
      }
      expect({ query, dayByDay }).toEqual({ query, dayByDay: actual });
      queries++;
      slots += actual.length;
    }
    process.stdout.write(`slots oracle: ${queries} queries, ${slots} slots, ${days} single days\n`);
    expect(queries).toBeGreaterThan(200);
    expect(slots).toBeGreaterThan(10_000);
  });
});

describe('a day lists the same slots whatever window asks for it', () => {
  const aroundTheClock = (timeZone: string, slotMinutes: number): ResourceSlotsQuery['resource'] => ({
    timeZone,
    businessHours: null,
    slotMinutes,
    minNoticeMinutes: 0,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
  });
  const localStarts = (
    resource: ResourceSlotsQuery['resource'],
    fromDate: string,
    toDate: string,
    day: string,
    durationMinutes = 60,
  ) =>
    resourceSlots({
      resource,
      fromDate,
      toDate,
      viewerTimeZone: resource.timeZone,
      durationMinutes,
      busy: [],
      now: new Date('2026-01-01T00:00:00Z'),
    })
      .map(({ start }) =>
        new Intl.DateTimeFormat('sv-SE', {
          timeZone: resource.timeZone,
          dateStyle: 'short',
          timeStyle: 'short',
        }).format(start),
      )
      .filter((local) => local.startsWith(day))
      .map((local) => local.slice(11));

  it('starts Lord Howe’s 60-minute grid at 00:00 on 2027-04-06, alone or from the day before', () => {
    const resource = aroundTheClock('Australia/Lord_Howe', 60);
    const alone = localStarts(resource, '2027-04-06', '2027-04-06', '2027-04-06');
    expect(alone.slice(0, 3)).toEqual(['00:00', '01:00', '02:00']);
    expect(localStarts(resource, '2027-04-05', '2027-04-06', '2027-04-06')).toEqual(alone);
  });

  it('starts Tokyo’s 100-minute grid at 00:00 on 2027-01-20 with 15 starts, alone or from the day before', () => {
    const resource = aroundTheClock('Asia/Tokyo', 100);
    const alone = localStarts(resource, '2027-01-20', '2027-01-20', '2027-01-20');
    expect(alone).toHaveLength(15);
    expect(alone.slice(0, 3)).toEqual(['00:00', '01:40', '03:20']);
    expect(localStarts(resource, '2027-01-19', '2027-01-20', '2027-01-20')).toEqual(alone);
  });

  it('lists a 90-minute slot at 23:00 where a day’s opening touches the next day’s', () => {
    const resource = aroundTheClock('Asia/Tokyo', 60);
    expect(localStarts(resource, '2027-01-20', '2027-01-20', '2027-01-20', 90).at(-1)).toBe('23:00');
  });
});
