import ICAL from 'ical.js';
import {
  addParticipants,
  addTime,
  calendarEventId,
  hasVtimezone,
  newCalendar,
  newEvent,
  uidOf,
  withText,
  written,
  zoneFor,
  type Invitation,
  type WrittenEvent,
} from './ical-parts';
import { seriesEvents, type SeriesCalendarEntry } from './series-event';

/** One booking as a calendar event: what invitations and feeds say about it. */
export interface CalendarEntry {
  bookingId: string;
  /** Grows with every change a calendar shows (a move, a cancel), so a calendar app keeps the newest copy. */
  sequence: number;
  cancelled: boolean;
  start: Date;
  end: Date;
  /** The resource's IANA zone: times are written in it, with its VTIMEZONE. */
  timeZone: string;
  summary: string;
  description: string;
  /** When the booking last changed: the event's DTSTAMP and LAST-MODIFIED. */
  changedAt: Date;
}

/** What a subscription feed shows: single bookings, and each series as one recurring event. */
export interface Feed {
  name: string;
  /** The feed's own zone (its resource's; UTC for a customer's): its VTIMEZONE is always there. */
  timeZone?: string;
  bookings: readonly CalendarEntry[];
  series?: readonly SeriesCalendarEntry[];
}

/** How often a subscribed calendar app should fetch a feed again. */
const FEED_REFRESH_SECONDS = 15 * 60;
const FEED_FALLBACK_ZONE = 'Etc/UTC';

/** The booking's UID in every invitation and feed, and its iCalUID in Google. */
export function bookingUid(bookingId: string): string {
  return uidOf(calendarEventId(bookingId));
}

/** An iTIP message (RFC 5546) for one booking: an invitation (REQUEST) or its cancellation (CANCEL). */
export function invitationIcs(entry: CalendarEntry, invitation: Invitation): string {
  const calendar = newCalendar();
  calendar.addPropertyWithValue('method', invitation.method);
  const event = bookingEvent(entry);
  addParticipants(event.component, invitation);
  return written(calendar, [event]);
}

/**
 * A subscription feed (RFC 5545, no METHOD): the bookings as they are now, cancelled ones included.
 * It carries the VTIMEZONE of its own zone (UTC where it has none) even with no booking in it, so
 * an empty feed still holds the component RFC 5545 requires of every calendar.
 */
export function feedIcs(feed: Feed): string {
  const calendar = newCalendar();
  calendar.addPropertyWithValue('name', feed.name);
  calendar.addPropertyWithValue('x-wr-calname', feed.name);
  const refresh = new ICAL.Property('refresh-interval');
  refresh.resetType('duration');
  refresh.setValue(ICAL.Duration.fromSeconds(FEED_REFRESH_SECONDS));
  calendar.addProperty(refresh);
  calendar.addPropertyWithValue('x-published-ttl', ICAL.Duration.fromSeconds(FEED_REFRESH_SECONDS));
  const ownZone = feed.timeZone && hasVtimezone(feed.timeZone) ? feed.timeZone : FEED_FALLBACK_ZONE;
  const events = [...feed.bookings.map(bookingEvent), ...(feed.series ?? []).flatMap(seriesEvents)];
  return written(calendar, events, ownZone);
}

function bookingEvent(entry: CalendarEntry): WrittenEvent {
  const zone = zoneFor(entry.start, entry.end, entry.timeZone);
  const event = newEvent(bookingUid(entry.bookingId), entry.sequence, entry.changedAt);
  addTime(event, 'dtstart', entry.start, zone);
  addTime(event, 'dtend', entry.end, zone);
  return { component: withText(event, entry), zones: zone ? [zone] : [] };
}
