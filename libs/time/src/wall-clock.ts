import { DateTime } from 'luxon';
import { instantsForWall, offsetAt } from './zone-offset';

/** A calendar date and a wall-clock time, with no zone: what a person reads off a wall clock. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second?: number;
}

export type GapPolicy = 'shiftForward' | 'reject';

/**
 * The instant a wall time names in a zone, for computed times (openings, occurrences) where
 * asking the user is not an option. An overlap takes `overlap`'s candidate; a gap either has
 * none (`reject`) or, as RFC 5545 reads it, the instant the wall time names with the offset in
 * force before the gap (02:30 in a 02:00→03:00 gap is 03:30).
 */
export function wallToInstant(
  wall: WallTime,
  zone: string,
  overlap: 'earlier' | 'later',
  gap: GapPolicy,
): Date | undefined {
  const asUtc = wallToFloating(wall).getTime();
  const candidates = instantsForWall(zone, asUtc);
  if (candidates.length > 0)
    return new Date(overlap === 'earlier' ? candidates[0]! : candidates[candidates.length - 1]!);
  if (gap === 'reject') return undefined;
  // The offset just before the gap: that of an instant a day earlier than the wall time read as UTC.
  return new Date(asUtc - offsetAt(zone, asUtc - 86_400_000) * 60_000);
}

/** The wall time an instant shows in a zone. */
export function instantToWall(instant: Date, zone: string): WallTime {
  const local = DateTime.fromJSDate(instant, { zone });
  return {
    year: local.year,
    month: local.month,
    day: local.day,
    hour: local.hour,
    minute: local.minute,
    second: local.second,
  };
}

/** A wall time written into the UTC fields of a Date: rrule.js's "floating" time. */
export function wallToFloating(wall: WallTime): Date {
  return new Date(Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second ?? 0));
}

export function floatingToWall(floating: Date): WallTime {
  return {
    year: floating.getUTCFullYear(),
    month: floating.getUTCMonth() + 1,
    day: floating.getUTCDate(),
    hour: floating.getUTCHours(),
    minute: floating.getUTCMinutes(),
    second: floating.getUTCSeconds(),
  };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `2026-03-08T02:30:00`, no offset. */
export function formatWall(wall: WallTime): string {
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second ?? 0)}`;
}

/** The wall time `formatWall` wrote (`2026-03-08T02:30:00`); undefined for any other text. */
export function parseWall(text: string): WallTime | undefined {
  const fields = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!fields) return undefined;
  const field = (index: number) => Number(fields[index]);
  return {
    year: field(1),
    month: field(2),
    day: field(3),
    hour: field(4),
    minute: field(5),
    second: field(6),
  };
}
