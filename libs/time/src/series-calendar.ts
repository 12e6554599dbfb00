import { expandSeries, type Occurrence, type SeriesSpec } from './recurrence';
import { formatWall, instantToWall, wallToFloating, wallToInstant, type WallTime } from './wall-clock';
import { instantsForWall } from './zone-offset';

const DAY_MS = 86_400_000;
/** How far a first match or a COUNT rule's last occurrence is looked for: a century. */
const HORIZON_MS = 100 * 366 * DAY_MS;
const basicUtc = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * The RRULE another calendar is given: the rule as stored, with a date-only UNTIL as the UTC
 * instant the platform reads it as (the end of that date in the zone: RFC 5545 requires a UTC
 * UNTIL with a zoned DTSTART), and a COUNT as the UNTIL of the platform's last occurrence, so no
 * reader counts its way past it where it counts a skipped or clamped instance differently.
 * Occurrences it places apart from this rule are written as RDATE and EXDATE
 * (`calendarDifferences`).
 */
export function writtenRule(spec: SeriesSpec): string {
  const parts: Record<string, string> = { ...spec.rule.parts };
  const until = spec.rule.until;
  if (until && 'date' in until) {
    const [year, month, day] = until.date.split('-').map(Number) as [number, number, number];
    const end = { year, month, day, hour: 23, minute: 59, second: 59 };
    parts['UNTIL'] = basicUtc(wallToInstant(end, spec.zone, 'later', 'shiftForward')!);
  }
  if (parts['COUNT']) {
    const dtstart = wallToInstant(spec.start, spec.zone, 'earlier', 'shiftForward')!;
    const all = expandSeries(
      spec,
      new Date(dtstart.getTime() - DAY_MS),
      new Date(dtstart.getTime() + HORIZON_MS),
    );
    const last = all.occurrences.at(-1)?.start ?? dtstart;
    delete parts['COUNT'];
    parts['UNTIL'] = basicUtc(last);
  }
  const { FREQ, ...rest } = parts;
  return [`FREQ=${FREQ}`, ...Object.entries(rest).map(([key, value]) => `${key}=${value}`)].join(';');
}

/**
 * The wall time the rule gave the occurrence now at `instant` (its RECURRENCE-ID): its date, at
 * DTSTART's time of day, whatever a DST gap moved it to. What an EXDATE or RECURRENCE-ID must
 * name, in the zone, for every reader to find the instance it means: each reads the two alike.
 */
export function ruleWallOf(instant: Date, spec: Pick<SeriesSpec, 'start' | 'zone'>): WallTime {
  const { year, month, day } = instantToWall(instant, spec.zone);
  return {
    year,
    month,
    day,
    hour: spec.start.hour,
    minute: spec.start.minute,
    second: spec.start.second ?? 0,
  };
}

/**
 * The wall time of the rule's first match: where DTSTART must be written. A DTSTART the rule does
 * not match is no occurrence for the platform (nor for rrule.js), while RFC 5545 counts it and
 * leaves such a set undefined; the first match keeps the same set. A wall time, not an instant:
 * a first match in a DST gap is written as the rule has it, and read forward as the rule's are.
 */
export function firstMatchWall(spec: SeriesSpec): WallTime | undefined {
  const dtstart = wallToInstant(spec.start, spec.zone, 'earlier', 'shiftForward')!;
  const asWritten = { ...spec, onNonexistent: 'reject', disambiguation: 'earlier' } as const;
  const from = new Date(dtstart.getTime() - DAY_MS);
  const first = expandSeries(asWritten, from, new Date(dtstart.getTime() + HORIZON_MS), 1);
  const [gap] = first.nonexistent;
  const [held] = first.occurrences;
  if (gap && (!held || wallToInstant(gap, spec.zone, 'earlier', 'shiftForward')! < held.start)) return gap;
  return held && instantToWall(held.start, spec.zone);
}

/**
 * Where the platform's occurrences in `[from, to)` and another calendar's reading of
 * `writtenRule` part, by the rule's wall time of each: what the feed must add as RDATE, take out
 * as EXDATE, and pin to its own instants.
 */
export interface CalendarDifferences {
  /** Occurrences the rule read by RFC 5545 lacks (with `byRule` false: every occurrence). */
  extra: WallTime[];
  /** Instances the rule has and the platform holds none for: skipped in a DST gap (`skip`, `reject`). */
  missing: WallTime[];
  /**
   * Occurrences whose start or end wall time is skipped or repeated, or that span a change:
   * readers read such wall times differently (RFC 5545 the earlier of a repeated time and a
   * skipped one forward; ical.js, for one, the other way), and some add DURATION to the wall
   * clock where RFC 5545 adds it to the instant. Each is written at its own instants.
   */
  pinned: { ruleWall: WallTime; occurrence: Occurrence }[];
}

/**
 * Whether readers agree on the rule itself: not where it may name a day some months or years
 * lack (the 29th–31st, Feb 29, day 366), which RFC 5545 skips and ical.js, for one, rolls into the
 * next month. Such a series is written as a list of dates (RDATE) instead of a rule.
 */
export function ruleReadAlike(spec: SeriesSpec): boolean {
  const { parts } = spec.rule;
  const days = (part: string) => (parts[part] ?? '').split(',').filter(Boolean).map(Number);
  if (days('BYYEARDAY').some((day) => Math.abs(day) === 366)) return false;
  if (parts['FREQ'] !== 'MONTHLY' && parts['FREQ'] !== 'YEARLY') return true;
  if (days('BYMONTHDAY').some((day) => day > 28)) return false;
  const pickedOtherwise = ['BYMONTHDAY', 'BYDAY', 'BYYEARDAY', 'BYWEEKNO'].some((part) => parts[part]);
  return pickedOtherwise || spec.start.day <= 28;
}

/** With `byRule` false, the series is written as dates: every occurrence in the window is `extra`. */
export function calendarDifferences(
  spec: SeriesSpec,
  from: Date,
  to: Date,
  byRule = true,
): CalendarDifferences {
  const platform = expandSeries(spec, from, to).occurrences;
  const asRead = byRule
    ? expandSeries({ ...spec, onMissingDay: 'skip', onNonexistent: 'reject' }, from, to)
    : { occurrences: [], nonexistent: [] };
  const platformWalls = new Map(
    platform.map((occurrence) => [formatWall(ruleWallOf(occurrence.start, spec)), occurrence]),
  );
  const readWalls = new Map(
    [
      ...asRead.occurrences.map((occurrence) => ruleWallOf(occurrence.start, spec)),
      ...asRead.nonexistent,
    ].map((wall) => [formatWall(wall), wall]),
  );
  const extra = platform
    .map((occurrence) => ruleWallOf(occurrence.start, spec))
    .filter((wall) => !readWalls.has(formatWall(wall)));
  const missing = [...readWalls].filter(([key]) => !platformWalls.has(key)).map(([, wall]) => wall);
  const pinned = platform
    .map((occurrence) => ({ ruleWall: ruleWallOf(occurrence.start, spec), occurrence }))
    .filter(
      ({ ruleWall, occurrence }) =>
        !readsOnce(ruleWall, spec.zone) ||
        !readsOnce(instantToWall(occurrence.end, spec.zone), spec.zone) ||
        wallLength(occurrence, spec.zone) !== occurrence.end.getTime() - occurrence.start.getTime(),
    );
  return { extra, missing, pinned };
}

/** Whether a wall time names one instant: neither skipped nor repeated by a change. */
const readsOnce = (wall: WallTime, zone: string) =>
  instantsForWall(zone, wallToFloating(wall).getTime()).length === 1;

/** How long an occurrence looks on the wall clock: its real length, unless a change lies inside it. */
const wallLength = ({ start, end }: Occurrence, zone: string) =>
  wallToFloating(instantToWall(end, zone)).getTime() - wallToFloating(instantToWall(start, zone)).getTime();
