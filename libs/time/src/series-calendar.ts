import { expandSeries, type Occurrence, type SeriesSpec } from './recurrence';
import { floatingToWall, wallToFloating, wallToInstant, type WallTime } from './wall-clock';
import { instantsForWall, offsetAt } from './zone-offset';

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
  const { year, month, day } = wallAt(instant.getTime(), spec.zone);
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
  return held && wallAt(held.start.getTime(), spec.zone);
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

/**
 * With `byRule` false, the series is written as dates: every occurrence in the window is `extra`.
 * Written as a rule, nothing is (a rule that would need clamped days is not `ruleReadAlike`).
 * One expansion, a day-by-day scan of the zone's offsets, and a closer look only at occurrences
 * within a day of a change.
 */
export function calendarDifferences(
  spec: SeriesSpec,
  from: Date,
  to: Date,
  byRule = true,
): CalendarDifferences {
  // Under `reject` the gap instances come apart; `skip` holds the same occurrences as `reject`.
  const expansion = expandSeries(
    spec.onNonexistent === 'shiftForward' ? spec : { ...spec, onNonexistent: 'reject' },
    from,
    to,
  );
  const walls = expansion.occurrences.map((occurrence) => ({
    ruleWall: ruleWallOf(occurrence.start, spec),
    occurrence,
  }));
  const changes = changeDays(spec.zone, from.getTime() - 2 * DAY_MS, to.getTime() + 2 * DAY_MS);
  return {
    extra: byRule ? [] : walls.map(({ ruleWall }) => ruleWall),
    missing: byRule ? expansion.nonexistent : [],
    pinned: walls.filter(
      ({ ruleWall, occurrence }) =>
        changes.some(
          (day) => day >= occurrence.start.getTime() - 2 * DAY_MS && day <= occurrence.end.getTime() + DAY_MS,
        ) && readDifferently(ruleWall, occurrence, spec.zone),
    ),
  };
}

/** The UTC days in `[from, to)` whose next day has another offset: where a change lies. */
function changeDays(zone: string, from: number, to: number): number[] {
  const days: number[] = [];
  const first = Math.floor(from / DAY_MS) * DAY_MS;
  for (let day = first, offset = offsetAt(zone, first); day < to; day += DAY_MS) {
    const next = offsetAt(zone, day + DAY_MS);
    if (next !== offset) days.push(day);
    offset = next;
  }
  return days;
}

/**
 * Whether readers may place an occurrence near a change differently: it starts or ends at a wall
 * time the change skips or repeats, or spans it.
 */
function readDifferently(ruleWall: WallTime, { start, end }: Occurrence, zone: string): boolean {
  const startWall = wallAt(start.getTime(), zone);
  const endWall = wallAt(end.getTime(), zone);
  const wallLength = wallToFloating(endWall).getTime() - wallToFloating(startWall).getTime();
  return (
    !readsOnce(ruleWall, zone) || !readsOnce(endWall, zone) || wallLength !== end.getTime() - start.getTime()
  );
}

/** Whether a wall time names one instant: neither skipped nor repeated by a change. */
const readsOnce = (wall: WallTime, zone: string) =>
  instantsForWall(zone, wallToFloating(wall).getTime()).length === 1;

/** The wall time an instant shows, from the zone's cached offsets (luxon's, ~10× slower, is not needed). */
const wallAt = (instant: number, zone: string): WallTime =>
  floatingToWall(new Date(instant + offsetAt(zone, instant) * 60_000));
