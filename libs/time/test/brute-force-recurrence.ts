/**
 * An expander of RFC 5545 rules written for the tests, sharing nothing with rrule.js or the
 * library's zone code: it walks every calendar day from DTSTART, keeps the days the rule's parts
 * select (RFC 5545 §3.3.10's table of limits and expansions), applies BYSETPOS per period, COUNT
 * and UNTIL, and places each wall time in the zone with Intl alone. Slow and plain on purpose.
 * BYWEEKNO is left out: the fuzz compares rules without it.
 */

export interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

export interface BruteSpec {
  rule: string;
  start: Wall;
  durationMinutes: number;
  zone: string;
  onMissingDay: 'clamp' | 'skip';
  onNonexistent: 'skip' | 'shiftForward';
  disambiguation: 'earlier' | 'later';
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

interface Rule {
  freq: string;
  interval: number;
  count?: number;
  until?: { instant: number } | { lastDay: number };
  byDay?: { weekday: number; nth?: number }[];
  byMonthDay?: number[];
  byMonth?: number[];
  byYearDay?: number[];
  bySetPos?: number[];
  wkst: number;
}

const numbers = (text: string | undefined) => text?.split(',').map(Number);

function readRule(text: string): Rule {
  const parts = Object.fromEntries(text.split(';').map((part) => part.split('='))) as Record<string, string>;
  const until = parts['UNTIL'];
  const dayNumber = (value: string) =>
    Date.UTC(Number(value.slice(0, 4)), Number(value.slice(4, 6)) - 1, Number(value.slice(6, 8))) / DAY_MS;
  return {
    freq: parts['FREQ']!,
    interval: Number(parts['INTERVAL'] ?? 1),
    ...(parts['COUNT'] ? { count: Number(parts['COUNT']) } : {}),
    ...(until
      ? {
          until:
            until.length === 8
              ? { lastDay: dayNumber(until) }
              : {
                  instant:
                    dayNumber(until) * DAY_MS +
                    (Number(until.slice(9, 11)) * 60 + Number(until.slice(11, 13))) * MINUTE_MS +
                    Number(until.slice(13, 15)) * 1_000,
                },
        }
      : {}),
    ...(parts['BYDAY']
      ? {
          byDay: parts['BYDAY'].split(',').map((entry) => {
            const nth = entry.slice(0, -2);
            return { weekday: WEEKDAYS.indexOf(entry.slice(-2)), ...(nth ? { nth: Number(nth) } : {}) };
          }),
        }
      : {}),
    ...(parts['BYMONTHDAY'] ? { byMonthDay: numbers(parts['BYMONTHDAY'])! } : {}),
    ...(parts['BYMONTH'] ? { byMonth: numbers(parts['BYMONTH'])! } : {}),
    ...(parts['BYYEARDAY'] ? { byYearDay: numbers(parts['BYYEARDAY'])! } : {}),
    ...(parts['BYSETPOS'] ? { bySetPos: numbers(parts['BYSETPOS'])! } : {}),
    wkst: WEEKDAYS.indexOf(parts['WKST'] ?? 'MO'),
  };
}

/** A calendar day by its number of days since 1970-01-01, with what the rule's parts ask of it. */
function calendarDay(dayNumber: number) {
  const date = new Date(dayNumber * DAY_MS);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + 1;
  const day = date.getUTCDate();
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const firstOfYear = Date.UTC(year, 0, 1) / DAY_MS;
  const daysInYear = Date.UTC(year + 1, 0, 1) / DAY_MS - firstOfYear;
  return {
    dayNumber,
    year,
    month,
    day,
    weekday: (date.getUTCDay() + 6) % 7,
    daysInMonth,
    yearDay: dayNumber - firstOfYear + 1,
    daysInYear,
  };
}
type CalendarDay = ReturnType<typeof calendarDay>;

const matches = (list: number[], position: number, size: number) =>
  list.includes(position) || list.includes(position - size - 1);

/** Whether the day is the nth (or nth from last) of its weekday in the month or the year. */
function isNthWeekday(day: CalendarDay, nth: number, inMonth: boolean): boolean {
  const position = inMonth ? day.day : day.yearDay;
  const size = inMonth ? day.daysInMonth : day.daysInYear;
  const fromStart = Math.floor((position - 1) / 7) + 1;
  const fromEnd = -(Math.floor((size - position) / 7) + 1);
  return nth === fromStart || nth === fromEnd;
}

function selects(rule: Rule, day: CalendarDay, start: CalendarDay, clamp: boolean): boolean {
  if (rule.byMonth && !rule.byMonth.includes(day.month)) return false;
  if (rule.byYearDay && !matches(rule.byYearDay, day.yearDay, day.daysInYear)) return false;
  if (rule.byMonthDay) {
    const wanted = rule.byMonthDay.map((target) =>
      clamp && target > 0 ? Math.min(target, day.daysInMonth) : target,
    );
    if (!matches(wanted, day.day, day.daysInMonth)) return false;
  }
  if (rule.byDay) {
    const inMonth = rule.freq === 'MONTHLY' || (rule.freq === 'YEARLY' && rule.byMonth !== undefined);
    const picked = rule.byDay.some(
      ({ weekday, nth }) => weekday === day.weekday && (nth === undefined || isNthWeekday(day, nth, inMonth)),
    );
    if (!picked) return false;
  }
  if (rule.byDay || rule.byMonthDay || rule.byYearDay) return true;
  // No part picks days: the rule repeats DTSTART's weekday, day of month, or date.
  const startDay = clamp ? Math.min(start.day, day.daysInMonth) : start.day;
  switch (rule.freq) {
    case 'DAILY':
      return true;
    case 'WEEKLY':
      return day.weekday === start.weekday;
    case 'MONTHLY':
      return day.day === startDay;
    default:
      return day.day === startDay && (rule.byMonth !== undefined || day.month === start.month);
  }
}

function periodOf(rule: Rule, day: CalendarDay, start: CalendarDay): number {
  switch (rule.freq) {
    case 'DAILY':
      return day.dayNumber - start.dayNumber;
    case 'WEEKLY': {
      const weekStart = (d: CalendarDay) => d.dayNumber - ((d.weekday - rule.wkst + 7) % 7);
      return (weekStart(day) - weekStart(start)) / 7;
    }
    case 'MONTHLY':
      return (day.year - start.year) * 12 + (day.month - start.month);
    default:
      return day.year - start.year;
  }
}

/** The days the rule selects, period by period, from DTSTART's day until `lastDay`. */
function selectedDays(rule: Rule, start: CalendarDay, lastDay: number, clamp: boolean): CalendarDay[] {
  const days: CalendarDay[] = [];
  let period: { key: number; days: CalendarDay[] } | undefined;
  const close = () => {
    if (!period) return;
    const inPeriod = period.days;
    const kept = rule.bySetPos
      ? inPeriod.filter((_, index) => matches(rule.bySetPos!, index + 1, inPeriod.length))
      : inPeriod;
    days.push(...kept.filter((day) => day.dayNumber >= start.dayNumber));
  };
  // Whole periods, from the one DTSTART is in to the one `lastDay` is in: BYSETPOS counts them all.
  for (let dayNumber = start.dayNumber - 366; ; dayNumber++) {
    const day = calendarDay(dayNumber);
    const key = periodOf(rule, day, start);
    if (key < 0) continue;
    if (period?.key !== key) {
      if (dayNumber > lastDay) break;
      close();
      period = { key, days: [] };
    }
    if (key % rule.interval === 0 && selects(rule, day, start, clamp)) period.days.push(day);
  }
  close();
  return days;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's wall clock at an instant, as milliseconds of a UTC-labelled clock (Intl only). */
function wallMillisAt(zone: string, instant: number): number {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(zone, format);
  }
  const field = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  return Date.UTC(
    Number(field['year']),
    Number(field['month']) - 1,
    Number(field['day']),
    Number(field['hour']),
    Number(field['minute']),
  );
}

/** The instants whose wall clock in the zone reads `wall`: none in a gap, two in an overlap. */
function instantsOf(zone: string, wall: number): number[] {
  const offsets = new Set(
    [-DAY_MS, 0, DAY_MS].map((shift) => wallMillisAt(zone, wall + shift) - (wall + shift)),
  );
  return [...offsets]
    .map((offset) => wall - offset)
    .filter((instant) => wallMillisAt(zone, instant) === wall)
    .sort((a, b) => a - b);
}

function place(
  zone: string,
  wall: number,
  disambiguation: 'earlier' | 'later',
  onGap: 'skip' | 'shiftForward',
): number | undefined {
  const instants = instantsOf(zone, wall);
  if (instants.length > 0) return disambiguation === 'earlier' ? instants[0] : instants.at(-1);
  if (onGap === 'skip') return undefined;
  // Moved forward by the gap: the wall time read with the offset in force just before it.
  const before = wallMillisAt(zone, wall - DAY_MS) - (wall - DAY_MS);
  return wall - before;
}

/** The occurrences (UTC start and end) whose start lies in `[from, to)`. */
export function bruteForceExpand(spec: BruteSpec, from: Date, to: Date): { start: Date; end: Date }[] {
  const rule = readRule(spec.rule);
  const start = calendarDay(Date.UTC(spec.start.year, spec.start.month - 1, spec.start.day) / DAY_MS);
  const timeOfDay = (spec.start.hour * 60 + spec.start.minute) * MINUTE_MS;
  const clamp =
    spec.onMissingDay === 'clamp' &&
    (rule.freq === 'MONTHLY' || rule.freq === 'YEARLY') &&
    !rule.byDay &&
    !rule.bySetPos &&
    !rule.byYearDay &&
    (rule.byMonthDay ?? [1]).length === 1 &&
    (rule.byMonthDay?.[0] ?? 1) > 0 &&
    (rule.freq === 'MONTHLY' || (rule.byMonth ? rule.byMonth.length === 1 : rule.byMonthDay === undefined));
  const lastDay = Math.floor(to.getTime() / DAY_MS) + 2;
  let days = selectedDays(rule, start, lastDay, clamp);
  if (rule.count !== undefined) days = days.slice(0, rule.count);
  // RFC 5545 §3.8.5.3: each lasts DTSTART to DTEND in real time, the wall-clock length where that is not positive.
  const firstWall = start.dayNumber * DAY_MS + timeOfDay;
  const exact =
    place(spec.zone, firstWall + spec.durationMinutes * MINUTE_MS, spec.disambiguation, 'shiftForward')! -
    place(spec.zone, firstWall, spec.disambiguation, 'shiftForward')!;
  const duration = exact > 0 ? exact : spec.durationMinutes * MINUTE_MS;
  const occurrences: { start: Date; end: Date }[] = [];
  for (const day of days) {
    const wall = day.dayNumber * DAY_MS + timeOfDay;
    const until = rule.until;
    if (until && 'lastDay' in until && day.dayNumber > until.lastDay) break;
    const instant = place(spec.zone, wall, spec.disambiguation, spec.onNonexistent);
    if (instant === undefined) continue;
    if (until && 'instant' in until && instant > until.instant) break;
    if (instant < from.getTime() || instant >= to.getTime()) continue;
    occurrences.push({ start: new Date(instant), end: new Date(instant + duration) });
  }
  return occurrences;
}
