import { DateTime } from 'luxon';

/** `yyyy-MM-ddTHH:mm` plus minutes, on the wall clock (no zone): the API resolves it in the booking's zone. */
export function addWallMinutes(wallTime: string, minutes: number): string {
  return DateTime.fromISO(wallTime, { zone: 'UTC' }).plus({ minutes }).toFormat("yyyy-LL-dd'T'HH:mm");
}

const RRULE_DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

/** The RFC 5545 day code of a wall time's weekday. */
export function rruleDay(wallTime: string): string {
  return RRULE_DAYS[DateTime.fromISO(wallTime, { zone: 'UTC' }).weekday - 1]!;
}
