import { mergeIntervals, type Interval } from './business-hours';

export interface SlotQuery {
  /** Each date's own openings, in date order (`dailyOpenings`): the grid starts afresh at each. */
  openings: readonly Interval[];
  slotMinutes: number;
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  /** Blocked ranges of active bookings, in any order. */
  busy: readonly Interval[];
  /** No slot starts before this (now plus the minimum notice). */
  notBefore: Date;
  /** Slots whose start lies in `[start, end)`. */
  window: Interval;
}

const MINUTE = 60_000;

/**
 * Every slot a hold would get now: on the grid from the start of each date's opening, so a day's
 * slots are the same whatever window asks for them; wholly inside the resource's open time
 * (touching openings joined, so a slot may run past midnight into the next date's opening); its
 * blocked range (slot plus buffers) clear of every busy range; not before `notBefore`. A date's
 * grid stops where its opening ends or the next one begins. One pass over openings × grid with
 * one pointer into the busy ranges, so the cost is linear in slots plus bookings.
 */
export function computeSlots(query: SlotQuery): Interval[] {
  const busy = [...query.busy].sort((a, b) => a.start.getTime() - b.start.getTime());
  const open = mergeIntervals(query.openings);
  const step = query.slotMinutes * MINUTE;
  const duration = query.durationMinutes * MINUTE;
  const before = query.bufferBeforeMinutes * MINUTE;
  const after = query.bufferAfterMinutes * MINUTE;
  const from = Math.max(query.window.start.getTime(), query.notBefore.getTime());
  const to = query.window.end.getTime();
  const slots: Interval[] = [];
  let next = 0;
  let within = 0;
  for (const [index, opening] of query.openings.entries()) {
    const gridStart = opening.start.getTime();
    const gridEnd = Math.min(opening.end.getTime(), query.openings[index + 1]?.start.getTime() ?? Infinity);
    while (open[within]!.end.getTime() <= gridStart) within++;
    const openEnd = open[within]!.end.getTime();
    const firstStep = from > gridStart ? Math.ceil((from - gridStart) / step) : 0;
    for (
      let start = gridStart + firstStep * step;
      start < gridEnd && start < to && start + duration <= openEnd;
      start += step
    ) {
      const blockedStart = start - before;
      const blockedEnd = start + duration + after;
      while (next < busy.length && busy[next]!.end.getTime() <= blockedStart) next++;
      if (!overlapsAny(busy, next, blockedStart, blockedEnd))
        slots.push({ start: new Date(start), end: new Date(start + duration) });
    }
  }
  return slots;
}

/** Busy ranges from `first` on start in order; any that starts before `end` and ends after `start` clashes. */
function overlapsAny(busy: readonly Interval[], first: number, start: number, end: number): boolean {
  for (let index = first; index < busy.length; index++) {
    const range = busy[index]!;
    if (range.start.getTime() >= end) return false;
    if (range.end.getTime() > start) return true;
  }
  return false;
}
