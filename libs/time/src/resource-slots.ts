import { DateTime } from 'luxon';
import { dailyOpenings, ROUND_THE_CLOCK, type BusinessHours, type Interval } from './business-hours';
import { computeSlots } from './slots';

export interface ResourceSlotsQuery {
  resource: {
    timeZone: string;
    /** null: open around the clock. */
    businessHours: BusinessHours | null;
    /** null: the grid steps by the requested duration. */
    slotMinutes: number | null;
    minNoticeMinutes: number;
    bufferBeforeMinutes: number;
    bufferAfterMinutes: number;
  };
  /** Dates in the viewer's zone, both included. */
  fromDate: string;
  toDate: string;
  viewerTimeZone: string;
  durationMinutes: number;
  busy: readonly Interval[];
  now: Date;
}

/** The real instants of whole days `[fromDate, toDate]` in a zone. */
export function daysWindow(fromDate: string, toDate: string, zone: string): Interval {
  return {
    start: DateTime.fromISO(fromDate, { zone }).startOf('day').toJSDate(),
    end: DateTime.fromISO(toDate, { zone }).plus({ days: 1 }).startOf('day').toJSDate(),
  };
}

/**
 * `GET /resources/{id}/slots` as pure logic: the viewer's days become a UTC window, the
 * resource's own dates around it become openings in the resource's zone (a day before, whose
 * grid may reach into the window; two after, into which a slot may run), and the grid is walked
 * once against the busy ranges.
 */
export function resourceSlots(query: ResourceSlotsQuery): Interval[] {
  const { resource } = query;
  const window = daysWindow(query.fromDate, query.toDate, query.viewerTimeZone);
  const first = DateTime.fromJSDate(window.start, { zone: resource.timeZone })
    .minus({ days: 1 })
    .toISODate()!;
  const last = DateTime.fromJSDate(window.end, { zone: resource.timeZone }).plus({ days: 2 }).toISODate()!;
  return computeSlots({
    openings: dailyOpenings(resource.businessHours ?? ROUND_THE_CLOCK, resource.timeZone, first, last),
    slotMinutes: resource.slotMinutes ?? query.durationMinutes,
    durationMinutes: query.durationMinutes,
    bufferBeforeMinutes: resource.bufferBeforeMinutes,
    bufferAfterMinutes: resource.bufferAfterMinutes,
    busy: query.busy,
    notBefore: new Date(query.now.getTime() + resource.minNoticeMinutes * 60_000),
    window,
  });
}
