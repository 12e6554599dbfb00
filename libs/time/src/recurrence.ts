import { RRule, type Options } from 'rrule';
import type { ParsedRule } from './recurrence-rule';
import { instantsForWall } from './zone-offset';
import { floatingToWall, instantToWall, wallToFloating, wallToInstant, type WallTime } from './wall-clock';

export type MissingDayPolicy = 'clamp' | 'skip';
export type NonexistentPolicy = 'reject' | 'skip' | 'shiftForward';

export interface SeriesSpec {
  rule: ParsedRule;
  /** The first occurrence's wall-clock start and end in `zone` (DTSTART and its end). */
  start: WallTime;
  end: WallTime;
  zone: string;
  onMissingDay: MissingDayPolicy;
  onNonexistent: NonexistentPolicy;
  /** Which instant an occurrence in an overlap takes; RFC 5545 says the earlier. */
  disambiguation: 'earlier' | 'later';
}

export interface Occurrence {
  /** The occurrence's start as the rule gives it: its RECURRENCE-ID, which never changes. */
  recurrenceId: Date;
  start: Date;
  end: Date;
}

export interface Expansion {
  occurrences: Occurrence[];
  /** Occurrences whose start does not exist in the zone, when the policy is to reject them. */
  nonexistent: WallTime[];
}

const DAY = 86_400_000;

/**
 * The occurrences of a series whose start lies in `[from, to)`, computed as docs/time.md says
 * rrule.js must be used: the rule runs in floating time (wall-clock fields written as UTC) and
 * each result is converted with the zone's rules on its own date, so every occurrence keeps its
 * wall time across DST and the host's TZ never matters. The floating window is one day wider on
 * each side; the real-instant filter is applied last. At most `limit` occurrences are returned.
 */
export function expandSeries(
  spec: SeriesSpec,
  from: Date,
  to: Date,
  limit = Number.POSITIVE_INFINITY,
): Expansion {
  const dtstart = wallToFloating(spec.start);
  const duration = exactDuration(spec);
  const windowStart = new Date(wallToFloating(instantToWall(from, spec.zone)).getTime() - DAY);
  const windowEnd = new Date(wallToFloating(instantToWall(to, spec.zone)).getTime() + DAY);
  const ruleOptions = distinctCount({
    ...(spec.onMissingDay === 'clamp' ? clampMissingDays(spec.rule.options, spec.start) : spec.rule.options),
    dtstart,
  });
  const options: Partial<Options> = {
    ...ruleOptions,
    dtstart: anchorNear(ruleOptions, dtstart, windowStart),
    ...untilOption(spec),
  };
  // Two more than asked: the floating window's extra day before `from` may hold two that are dropped.
  const floating = boundedBetween(
    options,
    windowStart < dtstart ? dtstart : windowStart,
    windowEnd,
    limit + 2,
  );
  const expansion: Expansion = { occurrences: [], nonexistent: [] };
  for (const occurrence of floating) {
    const start = startOf(occurrence, spec);
    if (start === 'gap') {
      const wall = floatingToWall(occurrence);
      if (spec.onNonexistent === 'reject' && inWindow(approximateInstant(wall, spec.zone), from, to))
        expansion.nonexistent.push(wall);
      continue;
    }
    if (!inWindow(start, from, to) || expansion.occurrences.length >= limit) continue;
    expansion.occurrences.push({ recurrenceId: start, start, end: new Date(start.getTime() + duration) });
  }
  return expansion;
}

/**
 * RFC 5545 §3.8.5.3: every occurrence lasts "the same exact duration" as DTSTART to DTEND, in real
 * time, so one that crosses a DST change blocks exactly what the customer asked for. DTSTART and
 * DTEND are read as the series reads its starts (its overlap choice, a gap read forward); where
 * that leaves no positive length (a DTSTART in a gap pushed past DTEND), the wall-clock length is
 * the only one the customer named.
 */
export function exactDuration(spec: Pick<SeriesSpec, 'start' | 'end' | 'zone' | 'disambiguation'>): number {
  const start = wallToInstant(spec.start, spec.zone, spec.disambiguation, 'shiftForward')!;
  const end = wallToInstant(spec.end, spec.zone, spec.disambiguation, 'shiftForward')!;
  const exact = end.getTime() - start.getTime();
  return exact > 0 ? exact : wallToFloating(spec.end).getTime() - wallToFloating(spec.start).getTime();
}

const PERIOD_DAYS: Partial<Record<number, number>> = { [RRule.DAILY]: 1, [RRule.WEEKLY]: 7 };
const PERIOD_MONTHS: Partial<Record<number, number>> = { [RRule.MONTHLY]: 1, [RRule.YEARLY]: 12 };

/** How many periods of the rule's frequency lie from DTSTART to `until`, with one to spare on each side. */
export function periodsUntil(options: Partial<Options>, until: Date): number {
  const dtstart = options.dtstart!;
  const interval = options.interval ?? 1;
  const days = PERIOD_DAYS[options.freq!];
  if (days !== undefined)
    return Math.ceil((until.getTime() - dtstart.getTime()) / (days * DAY) / interval) + 2;
  const months =
    (until.getUTCFullYear() - dtstart.getUTCFullYear()) * 12 + (until.getUTCMonth() - dtstart.getUTCMonth());
  return Math.ceil(months / (PERIOD_MONTHS[options.freq!] ?? 1) / interval) + 2;
}

/**
 * rrule.js's `between`, but the walk ends once it is past `before`. rrule.js only stops at a
 * match after `before` (or at year 9999), so a rule that never matches again
 * (BYMONTH=2;BYMONTHDAY=30) walked day by day for seconds. Its loop reads `options.interval`
 * twice a period and ends when it reads 0: the budget of reads ends it after the window.
 */
export function boundedBetween(
  options: Partial<Options>,
  after: Date,
  before: Date,
  maxResults = Number.POSITIVE_INFINITY,
): Date[] {
  const rule = new RRule(options, true);
  const interval = rule.options.interval;
  let reads = 1 + 2 * Math.max(0, periodsUntil(rule.options, before));
  const bounded = Object.defineProperty({ ...rule.options }, 'interval', {
    get: () => (reads-- > 0 ? interval : 0),
  });
  Object.assign(rule, { options: bounded });
  const dates = rule.between(after, before, true, (_date, count) => count < maxResults);
  // A walk cut on its second read of a period sees that period twice.
  return dates.filter((date, index) => index === 0 || date.getTime() !== dates[index - 1]!.getTime());
}

const COUNT_HORIZON_MS = 100 * 366 * DAY;

/**
 * rrule.js counts a date that several BYSETPOS positions pick (1,-1 in a period of one match)
 * once per position toward COUNT, where RFC 5545's set holds it once. Such a COUNT becomes the
 * UNTIL of its COUNT-th distinct date, looked for within a hundred years.
 */
export function distinctCount(options: Partial<Options>): Partial<Options> {
  const { count, ...uncounted } = options;
  if (!count || asArray(options.bysetpos).length < 2) return options;
  const dtstart = options.dtstart!;
  const horizon = new Date(dtstart.getTime() + COUNT_HORIZON_MS);
  const picks = count * asArray(options.bysetpos).length;
  const distinct = [...new Set(boundedBetween(uncounted, dtstart, horizon, picks).map(Number))];
  // No date at all: an UNTIL before DTSTART, which rrule.js honours with none.
  return { ...uncounted, until: new Date(distinct.slice(0, count).at(-1) ?? dtstart.getTime() - 1) };
}

/** The floating result's UTC fields are the wall time, so its milliseconds go straight to the zone rules. */
function startOf(floating: Date, spec: SeriesSpec): Date | 'gap' {
  const candidates = instantsForWall(spec.zone, floating.getTime());
  if (candidates.length === 0)
    return spec.onNonexistent === 'shiftForward'
      ? wallToInstant(floatingToWall(floating), spec.zone, 'earlier', 'shiftForward')!
      : 'gap';
  return new Date(spec.disambiguation === 'later' ? candidates[candidates.length - 1]! : candidates[0]!);
}

/** Where a nonexistent wall time would be, for deciding whether it falls in the window. */
function approximateInstant(wall: WallTime, zone: string): Date {
  return wallToInstant(wall, zone, 'earlier', 'shiftForward')!;
}

const inWindow = (instant: Date, from: Date, to: Date) =>
  instant.getTime() >= from.getTime() && instant.getTime() < to.getTime();

/** UNTIL is a real instant (or the end of a date in the zone); the floating rule needs its wall time. */
function untilOption(spec: SeriesSpec): Partial<Options> {
  const until = spec.rule.until;
  if (!until) return {};
  if ('date' in until) {
    const [year, month, day] = until.date.split('-').map(Number) as [number, number, number];
    return { until: new Date(Date.UTC(year, month - 1, day, 23, 59, 59)) };
  }
  return { until: wallToFloating(instantToWall(until.instant, spec.zone)) };
}

const asArray = (value: number | number[] | null | undefined): number[] =>
  value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];

const daysIn = (month: number, year: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
/** The fewest days a month ever has: February 28, the others always the same. */
const fewestDays = (month: number) => (month === 2 ? 28 : daysIn(month, 2001));

/**
 * `onMissingDay: clamp`: a monthly or yearly rule on one day some months lack (the 31st, Feb 29)
 * falls on the month's last day instead, as the usual "31st or the last day" recipe:
 * BYMONTHDAY=28..31;BYSETPOS=-1. Rules that pick days any other way, and a yearly rule on a day
 * of every month, are left as RFC 5545 has them.
 */
export function clampMissingDays(options: Partial<Options>, start: WallTime): Partial<Options> {
  const other = options.byweekday ?? options.bysetpos ?? options.byyearday ?? options.byweekno;
  if (asArray(other as number | number[] | null | undefined).length > 0) return options;
  const monthDays = asArray(options.bymonthday);
  if (monthDays.length > 1 || (monthDays[0] ?? 1) < 0) return options;
  const day = monthDays[0] ?? start.day;
  const range = (low: number) => Array.from({ length: day - low + 1 }, (_, index) => low + index);
  if (options.freq === RRule.MONTHLY && day > 28)
    return { ...options, bymonthday: range(28), bysetpos: [-1] };
  if (options.freq === RRule.YEARLY) {
    const months = asArray(options.bymonth);
    // A day of every month (BYMONTHDAY without BYMONTH) cannot be clamped in a yearly rule.
    if (months.length > 1 || (months.length === 0 && monthDays.length > 0)) return options;
    const month = months[0] ?? start.month;
    if (day > fewestDays(month))
      return { ...options, bymonth: [month], bymonthday: range(fewestDays(month)), bysetpos: [-1] };
  }
  return options;
}

/**
 * A later DTSTART that yields the same occurrences from `near` on: rrule.js walks every period
 * from DTSTART, so a 10-year-old series costs 30× more per query. Only for rules whose result
 * does not depend on how many came before (no COUNT), moved by whole periods so the pattern
 * stays aligned (days and weeks always; months and years when the start's day exists in every one).
 */
export function anchorNear(options: Partial<Options>, dtstart: Date, near: Date): Date {
  if (options.count || near.getTime() <= dtstart.getTime()) return dtstart;
  const interval = options.interval ?? 1;
  const start = floatingToWall(dtstart);
  if (options.freq === RRule.DAILY || options.freq === RRule.WEEKLY) {
    const periodDays = (options.freq === RRule.WEEKLY ? 7 : 1) * interval;
    const periods = Math.floor((near.getTime() - dtstart.getTime()) / (periodDays * DAY)) - 1;
    return periods > 0 ? new Date(dtstart.getTime() + periods * periodDays * DAY) : dtstart;
  }
  if ((options.freq === RRule.MONTHLY || options.freq === RRule.YEARLY) && start.day <= 28) {
    const monthsPerPeriod = (options.freq === RRule.YEARLY ? 12 : 1) * interval;
    const nearWall = floatingToWall(near);
    const monthsApart = (nearWall.year - start.year) * 12 + (nearWall.month - start.month);
    const periods = Math.floor(monthsApart / monthsPerPeriod) - 1;
    if (periods <= 0) return dtstart;
    const shifted = start.month - 1 + periods * monthsPerPeriod;
    return wallToFloating({
      ...start,
      year: start.year + Math.floor(shifted / 12),
      month: (shifted % 12) + 1,
    });
  }
  return dtstart;
}
