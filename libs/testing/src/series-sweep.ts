const RULES = [
  'FREQ=DAILY',
  'FREQ=DAILY;INTERVAL=3;COUNT=40',
  'FREQ=WEEKLY;BYDAY=MO,WE,SU',
  'FREQ=WEEKLY;INTERVAL=2;BYDAY=SA',
  'FREQ=MONTHLY',
  'FREQ=MONTHLY;BYDAY=-1SU',
  'FREQ=MONTHLY;BYMONTHDAY=31;COUNT=12',
  'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29',
  'FREQ=WEEKLY;UNTIL=20271231',
];
const ZONES = [
  'America/New_York',
  'Europe/London',
  'Australia/Lord_Howe',
  'America/Santiago',
  'America/Havana',
];
/** Start times that land in each zone's gaps and repeated hours on some dates. */
const TIMES = [
  [0, 0],
  [0, 30],
  [1, 30],
  [2, 0],
  [2, 30],
  [23, 30],
] as const;
const DATES = [
  [2027, 1, 31],
  [2027, 3, 8],
  [2027, 3, 28],
  [2027, 9, 1],
  [2027, 10, 27],
  [2028, 2, 29],
] as const;

/** The window every swept series is expanded, held and read back in. */
export const SWEEP_WINDOW = { from: new Date('2027-01-01T00:00:00Z'), to: new Date('2029-01-01T00:00:00Z') };

export interface SweptSeries {
  rrule: string;
  timeZone: string;
  startWall: { year: number; month: number; day: number; hour: number; minute: number; second: number };
  endWall: { year: number; month: number; day: number; hour: number; minute: number; second: number };
  onMissingDay: 'clamp' | 'skip';
  onNonexistent: 'reject' | 'skip' | 'shiftForward';
  disambiguation: 'earlier' | 'later';
}

/**
 * For property tests of how calendars read a series: a sweep rather than draws, so every 12 runs
 * meet all 12 policy mixes and every 45 all rules in all zones; starts fall in gaps, repeated
 * hours, month ends and Feb 29.
 */
export function seriesSweep(runs: number): SweptSeries[] {
  const nth = <T>(items: readonly T[], index: number): T => items[index % items.length]!;
  return Array.from({ length: runs }, (_, run) => {
    const [year, month, day] = nth(DATES, run * 7 + Math.floor(run / 6));
    const [hour, minute] = nth(TIMES, run * 5);
    const startWall = { year, month, day, hour, minute, second: 0 };
    return {
      rrule: nth(RULES, run),
      timeZone: nth(ZONES, Math.floor(run / 9)),
      startWall,
      endWall: { ...startWall, hour: hour + 1 },
      onMissingDay: nth(['clamp', 'skip'] as const, run),
      onNonexistent: nth(['reject', 'skip', 'shiftForward'] as const, Math.floor(run / 2)),
      disambiguation: nth(['earlier', 'later'] as const, Math.floor(run / 6)),
    };
  });
}

/**
 * What the sweep does to the occurrences it holds: every fifth cancelled, every seventh moved a
 * day later, the rest held as ruled.
 */
export function sweptChange(index: number): 'cancelled' | 'moved' | 'as-ruled' {
  return index % 5 === 4 ? 'cancelled' : index % 7 === 6 ? 'moved' : 'as-ruled';
}
