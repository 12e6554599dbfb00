import ICAL from 'ical.js';
import type { WallTime, WrittenSeries } from '@booking/time';
import {
  addTime,
  addWallTime,
  calendarEventId,
  hasVtimezone,
  newEvent,
  uidOf,
  wallTimeValue,
  withText,
  zoneFor,
  type WrittenEvent,
} from './ical-parts';

/**
 * A recurring booking as one calendar event: the series as every calendar is given it
 * (`writtenSeries`), and what a feed or an invitation says of it.
 */
export interface SeriesCalendarEntry extends WrittenSeries {
  seriesId: string;
  sequence: number;
  cancelled: boolean;
  timeZone: string;
  summary: string;
  description: string;
  changedAt: Date;
}

/** RDATE or EXDATE: the wall times in order, under the zone's TZID. */
function addWallTimes(
  event: ICAL.Component,
  name: string,
  walls: readonly WallTime[],
  zone: string | null,
): void {
  if (walls.length === 0) return;
  const property = new ICAL.Property(name);
  if (zone) property.setParameter('tzid', zone);
  property.setValues(walls.map(wallTimeValue).sort((a, b) => a.compare(b)));
  event.addProperty(property);
}

/** The id of a series' recurring event in Google: derived like a booking's, from the series id. */
export function seriesEventId(seriesId: string): string {
  return calendarEventId(`series:${seriesId}`);
}

/** The series' UID in feeds and invitations, and its recurring event's iCalUID in Google. */
export function seriesUid(seriesId: string): string {
  return uidOf(seriesEventId(seriesId));
}

/**
 * The series as RFC 5545 writes a recurring event: a master VEVENT (DTSTART in the zone, so the
 * rule keeps its wall time across DST; DURATION, the exact length; RRULE; RDATE and EXDATE as
 * wall times, which every reader reads as it reads the instances they add or remove), and a VEVENT per
 * override with the same UID, its RECURRENCE-ID a wall time too, and its own times.
 */
export function seriesEvents(entry: SeriesCalendarEntry): WrittenEvent[] {
  const uid = seriesUid(entry.seriesId);
  const zone = hasVtimezone(entry.timeZone) ? entry.timeZone : null;
  const master = newEvent(uid, entry.sequence, entry.changedAt);
  addWallTime(master, 'dtstart', entry.startWall, zone);
  master.addPropertyWithValue('duration', ICAL.Duration.fromSeconds(Math.round(entry.durationMs / 1000)));
  if (entry.rule) master.addPropertyWithValue('rrule', ICAL.Recur.fromString(entry.rule));
  addWallTimes(master, 'rdate', entry.rdates, zone);
  addWallTimes(master, 'exdate', entry.exdates, zone);
  const events: WrittenEvent[] = [{ component: withText(master, entry), zones: zone ? [zone] : [] }];
  for (const override of entry.overrides) {
    const overrideZone = zoneFor(override.start, override.end, entry.timeZone);
    const event = newEvent(uid, Math.max(entry.sequence, override.sequence), entry.changedAt);
    addWallTime(event, 'recurrence-id', override.recurrenceWall, zone);
    addTime(event, 'dtstart', override.start, overrideZone);
    addTime(event, 'dtend', override.end, overrideZone);
    events.push({
      component: withText(event, { ...entry, cancelled: false }),
      zones: overrideZone ? [overrideZone] : [],
    });
  }
  return events;
}
