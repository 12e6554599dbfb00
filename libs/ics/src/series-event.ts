import ICAL from 'ical.js';
import type { SeriesOverride, WallTime, WrittenSeries } from '@booking/time';
import {
  addParticipants,
  addTime,
  addWallTime,
  calendarEventId,
  hasVtimezone,
  newEvent,
  uidOf,
  wallTimeValue,
  withText,
  newCalendar,
  written,
  zoneFor,
  type Invitation,
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
  return [
    masterEvent(entry),
    ...entry.overrides.map((override) =>
      occurrenceEvent({
        ...override,
        seriesId: entry.seriesId,
        timeZone: entry.timeZone,
        sequence: Math.max(entry.sequence, override.sequence),
        cancelled: false,
        summary: entry.summary,
        description: entry.description,
        changedAt: entry.changedAt,
      }),
    ),
  ];
}

/**
 * An iTIP message (RFC 5546) for a whole series: its invitation (REQUEST: the master and every
 * override, as a feed writes them) or its cancellation (CANCEL of the UID: every instance).
 */
export function seriesInvitationIcs(entry: SeriesCalendarEntry, invitation: Invitation): string {
  const events =
    invitation.method === 'CANCEL' ? [masterEvent({ ...entry, cancelled: true })] : seriesEvents(entry);
  return message(invitation, events);
}

/** One occurrence of a series as its own component: the instance its RECURRENCE-ID names. */
export interface OccurrenceEntry extends SeriesOverride {
  seriesId: string;
  timeZone: string;
  cancelled: boolean;
  summary: string;
  description: string;
  changedAt: Date;
}

/**
 * An iTIP message for one occurrence of a series (RFC 5546 §3.2.2.3, §3.2.5): its move (REQUEST)
 * or its cancellation (CANCEL), naming the instance by RECURRENCE-ID under the series' UID.
 */
export function occurrenceInvitationIcs(entry: OccurrenceEntry, invitation: Invitation): string {
  return message(invitation, [occurrenceEvent({ ...entry, cancelled: invitation.method === 'CANCEL' })]);
}

function message(invitation: Invitation, events: WrittenEvent[]): string {
  const calendar = newCalendar();
  calendar.addPropertyWithValue('method', invitation.method);
  for (const event of events) addParticipants(event.component, invitation);
  return written(calendar, events);
}

function masterEvent(entry: SeriesCalendarEntry): WrittenEvent {
  const zone = seriesZone(entry.timeZone);
  const master = newEvent(seriesUid(entry.seriesId), entry.sequence, entry.changedAt);
  addWallTime(master, 'dtstart', entry.startWall, zone);
  master.addPropertyWithValue('duration', ICAL.Duration.fromSeconds(Math.round(entry.durationMs / 1000)));
  if (entry.rule) master.addPropertyWithValue('rrule', ICAL.Recur.fromString(entry.rule));
  addWallTimes(master, 'rdate', entry.rdates, zone);
  addWallTimes(master, 'exdate', entry.exdates, zone);
  return { component: withText(master, entry), zones: zone ? [zone] : [] };
}

function occurrenceEvent(entry: OccurrenceEntry): WrittenEvent {
  const zone = zoneFor(entry.start, entry.end, entry.timeZone);
  const event = newEvent(seriesUid(entry.seriesId), entry.sequence, entry.changedAt);
  const recurrenceZone = seriesZone(entry.timeZone);
  addWallTime(event, 'recurrence-id', entry.recurrenceWall, recurrenceZone);
  addTime(event, 'dtstart', entry.start, zone);
  addTime(event, 'dtend', entry.end, zone);
  const zones = new Set([zone, recurrenceZone].filter((name): name is string => name !== null));
  return { component: withText(event, entry), zones: [...zones] };
}

/** The zone a series' wall times are written under: its own, where a VTIMEZONE exists for it. */
const seriesZone = (timeZone: string) => (hasVtimezone(timeZone) ? timeZone : null);
