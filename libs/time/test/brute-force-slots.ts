import type { BusinessHours, Interval } from '../src/business-hours';
import { offsetReader } from './zone-transitions';

/**
 * Slots found the slow way, for the tests, sharing nothing with the slots code or the library's
 * zone code: every real minute around the window is read on the resource's wall clock (Intl's
 * offsets), marked open when its local time lies in an opening of its local date, and the grid
 * of each date's opening starts at that opening's first open minute and steps while it is still
 * inside that opening. A slot is listed when each of its minutes is open, no blocked minute lies
 * in it or its buffers, it is not before `notBefore`, and it starts on one of the viewer's dates.
 * Opening edges must exist on their dates (none inside a DST gap): the gap rule is pinned apart.
 */
export interface BruteSlotsQuery {
  hours: BusinessHours | null;
  zone: string;
  viewerZone: string;
  fromDate: string;
  toDate: string;
  durationMinutes: number;
  slotMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  busy: readonly Interval[];
  notBefore: Date;
}

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

/** Local wall time as "wall milliseconds", an hour's offset reused when both its ends agree. */
function wallReader(zone: string): (instant: number) => number {
  const offsetAt = offsetReader(zone);
  const hourly = new Map<number, number>();
  const offsetOfHour = (hour: number) => {
    if (!hourly.has(hour)) hourly.set(hour, offsetAt(hour));
    return hourly.get(hour)!;
  };
  return (instant) => {
    const hour = Math.floor(instant / HOUR) * HOUR;
    const offset = offsetOfHour(hour) === offsetOfHour(hour + HOUR) ? offsetOfHour(hour) : offsetAt(instant);
    return instant + offset * MINUTE;
  };
}

const minutesOf = (clock: string) => {
  const [hour, minute] = clock.split(':').map(Number) as [number, number];
  return hour * 60 + minute;
};

function openingsOf(hours: BusinessHours | null, date: string, weekday: number): [number, number][] {
  if (!hours) return [[0, 1440]];
  const listed = hours.overrides?.[date] ?? hours.weekly[String(weekday) as '0'] ?? [];
  return listed.map(([from, to]) => [minutesOf(from), minutesOf(to)]);
}

/** The slots, or `edge in a transition` when an opening edge near the window is skipped or repeated. */
export function bruteForceSlots(query: BruteSlotsQuery): Interval[] | 'edge in a transition' {
  const first = Date.parse(`${query.fromDate}T00:00:00Z`) - 3 * DAY;
  const last = Date.parse(`${query.toDate}T00:00:00Z`) + 4 * DAY;
  const count = (last - first) / MINUTE;
  const resourceWall = wallReader(query.zone);
  const viewerWall = wallReader(query.viewerZone);
  const open = new Uint8Array(count);
  const blocked = new Uint8Array(count);
  /** Per minute, which date's opening it belongs to (day number × 1440 + its start), -1 if none. */
  const openingOf = new Float64Array(count).fill(-1);
  /** How often each opening edge's local time is read on its date ("date@minute"). */
  const edgeReadings = new Map<string, number>();
  const dates = new Map<number, { date: string; openings: [number, number][] }>();
  const dateOf = (dayNumber: number) => {
    if (!dates.has(dayNumber)) {
      const date = new Date(dayNumber * DAY).toISOString().slice(0, 10);
      dates.set(dayNumber, { date, openings: openingsOf(query.hours, date, (dayNumber + 4) % 7) });
    }
    return dates.get(dayNumber)!;
  };
  for (let index = 0; index < count; index++) {
    const wall = resourceWall(first + index * MINUTE);
    const dayNumber = Math.floor(wall / DAY);
    const { date, openings } = dateOf(dayNumber);
    const minuteOfDay = (wall - dayNumber * DAY) / MINUTE;
    for (const [from, to] of openings) {
      for (const edge of [from, to])
        if (edge === minuteOfDay) {
          const key = `${date}@${edge}`;
          edgeReadings.set(key, (edgeReadings.get(key) ?? 0) + 1);
        }
      if (from <= minuteOfDay && minuteOfDay < to) {
        open[index] = 1;
        openingOf[index] = dayNumber * 1440 + from;
      }
    }
  }
  for (let day = Date.parse(`${query.fromDate}T00:00:00Z`) - DAY; day <= last - 3 * DAY; day += DAY) {
    const date = new Date(day).toISOString().slice(0, 10);
    const edges = openingsOf(query.hours, date, new Date(day).getUTCDay()).flat();
    if (edges.some((edge) => edge % 1440 !== 0 && edgeReadings.get(`${date}@${edge}`) !== 1))
      return 'edge in a transition';
  }
  for (const range of query.busy)
    for (let at = range.start.getTime(); at < range.end.getTime(); at += MINUTE) {
      const index = (at - first) / MINUTE;
      if (index >= 0 && index < count) blocked[index] = 1;
    }
  const every = (flags: Uint8Array, from: number, to: number, value: number) => {
    for (let index = Math.max(0, from); index < Math.min(count, to); index++)
      if (flags[index] !== value) return false;
    return from >= 0 && to <= count;
  };
  const firstViewerDay = Date.parse(`${query.fromDate}T00:00:00Z`) / DAY;
  const lastViewerDay = Date.parse(`${query.toDate}T00:00:00Z`) / DAY;
  const inViewerDates = (index: number) => {
    const day = Math.floor(viewerWall(first + index * MINUTE) / DAY);
    return firstViewerDay <= day && day <= lastViewerDay;
  };
  const slots: Interval[] = [];
  const seen = new Set<number>();
  for (let anchor = 0; anchor < count; anchor++) {
    const opening = openingOf[anchor]!;
    if (opening < 0 || seen.has(opening)) continue;
    seen.add(opening);
    for (let start = anchor; start < count && openingOf[start] === opening; start += query.slotMinutes) {
      const startAt = first + start * MINUTE;
      if (
        startAt >= query.notBefore.getTime() &&
        inViewerDates(start) &&
        every(open, start, start + query.durationMinutes, 1) &&
        every(
          blocked,
          start - query.bufferBeforeMinutes,
          start + query.durationMinutes + query.bufferAfterMinutes,
          0,
        )
      )
        slots.push({ start: new Date(startAt), end: new Date(startAt + query.durationMinutes * MINUTE) });
    }
  }
  return slots.sort((a, b) => a.start.getTime() - b.start.getTime());
}
