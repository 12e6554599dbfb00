import { DateTime } from 'luxon';
import { wallToInstant } from './wall-clock';

/** `[from, to)` wall-clock openings, `HH:MM`, `24:00` meaning the end of the day. */
export type Openings = readonly (readonly [string, string])[];

/** Floating wall-clock hours in the resource's zone: a weekly template and dated overrides. */
export interface BusinessHours {
  /** Keys `0`–`6` are Sunday–Saturday; a missing day is closed. */
  weekly: Partial<Record<'0' | '1' | '2' | '3' | '4' | '5' | '6', Openings>>;
  /** A date's openings replace its weekly ones; `[]` closes it. */
  overrides?: Record<string, Openings>;
}

export interface Interval {
  start: Date;
  end: Date;
}

/** The openings that apply on one date (`YYYY-MM-DD`), override first. */
export function openingsOn(hours: BusinessHours, date: string, weekday: number): Openings {
  const override = hours.overrides?.[date];
  if (override !== undefined) return override;
  return hours.weekly[String(weekday) as keyof BusinessHours['weekly']] ?? [];
}

/**
 * The real instants the business is open on each date of `[fromDate, toDate]` (both included,
 * dates in the business's zone), merged and in order: openings that touch, such as 00:00–24:00
 * on consecutive days, join into one.
 */
export function businessIntervals(
  hours: BusinessHours,
  zone: string,
  fromDate: string,
  toDate: string,
): Interval[] {
  return mergeIntervals(dailyOpenings(hours, zone, fromDate, toDate));
}

/** Open on every date from midnight to midnight. */
export const ROUND_THE_CLOCK: BusinessHours = {
  weekly: {
    0: [['00:00', '24:00']],
    1: [['00:00', '24:00']],
    2: [['00:00', '24:00']],
    3: [['00:00', '24:00']],
    4: [['00:00', '24:00']],
    5: [['00:00', '24:00']],
    6: [['00:00', '24:00']],
  },
};

/**
 * Each date's own openings as real instants, date by date, those of one date merged: where a
 * slot grid starts afresh. Each opening is converted on its own date with that date's rules, so
 * a 23-, 25-, 23.5- or 24.5-hour day comes out exactly as long as it is. An opening edge in a
 * DST gap is read with the offset before the gap (RFC 5545's reading, as a series' shiftForward
 * is), so it moves forward by the gap's length; in an overlap, an opening starts at the first of
 * the two instants and ends at the second, so no open wall time is lost, but `24:00` ends the
 * date at the first instant of the next one.
 */
export function dailyOpenings(
  hours: BusinessHours,
  zone: string,
  fromDate: string,
  toDate: string,
): Interval[] {
  const openings: Interval[] = [];
  const last = Date.parse(`${toDate}T00:00:00Z`);
  // Calendar days walked as UTC midnights: plain date arithmetic, no zone involved until the edges.
  for (let day = Date.parse(`${fromDate}T00:00:00Z`); day <= last; day += DAY_MS) {
    const date = new Date(day);
    const ofDate: Interval[] = [];
    for (const [from, to] of openingsOn(hours, date.toISOString().slice(0, 10), date.getUTCDay())) {
      const start = edge(day, from, zone, 'earlier');
      const end = edge(day, to, zone, to === '24:00' ? 'earlier' : 'later');
      if (start && end && end > start) ofDate.push({ start, end });
    }
    openings.push(...mergeIntervals(ofDate));
  }
  return openings;
}

const DAY_MS = 86_400_000;

function edge(day: number, clock: string, zone: string, overlap: 'earlier' | 'later'): Date | undefined {
  const [hour, minute] = clock.split(':').map(Number) as [number, number];
  // `24:00` is the next day's midnight.
  const date = new Date(day + hour * 3_600_000 + minute * 60_000);
  return wallToInstant(
    {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      hour: date.getUTCHours(),
      minute: date.getUTCMinutes(),
    },
    zone,
    overlap,
    'shiftForward',
  );
}

/** Sorted, with touching or overlapping intervals joined. */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.start.getTime() - b.start.getTime());
  const merged: Interval[] = [];
  for (const interval of sorted) {
    const previous = merged[merged.length - 1];
    if (previous && interval.start.getTime() <= previous.end.getTime()) {
      if (interval.end > previous.end) previous.end = interval.end;
    } else merged.push({ start: interval.start, end: interval.end });
  }
  return merged;
}

/** Whether `[start, end)` lies wholly inside one opening (openings that touch count as one). */
export function isWithinBusinessHours(hours: BusinessHours, zone: string, period: Interval): boolean {
  const first = DateTime.fromJSDate(period.start, { zone }).minus({ days: 1 }).toISODate()!;
  const last = DateTime.fromJSDate(period.end, { zone }).toISODate()!;
  return businessIntervals(hours, zone, first, last).some(
    (open) => open.start.getTime() <= period.start.getTime() && period.end.getTime() <= open.end.getTime(),
  );
}
