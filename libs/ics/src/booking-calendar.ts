import ical, { ICalCalendarMethod, ICalEventStatus, type ICalCalendar } from 'ical-generator';
import { DateTime } from 'luxon';
import { tzlib_get_ical_block, tzlib_get_timezones } from 'timezones-ical-library';
import { wallTimeRepeats } from '@booking/time';

/** One booking as a calendar event: what invitations and feeds say about it. */
export interface CalendarEntry {
  bookingId: string;
  /** The booking's version: it grows with every change, so a calendar app keeps the newest copy. */
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

export interface Invitation {
  method: 'REQUEST' | 'CANCEL';
  /** `Name <address>` or an address: who sends it (the mail's From). */
  organizer: string;
  attendee: string;
}

const PRODUCT = { company: 'booking-platform', product: 'bookings', language: 'EN' };
/** How often a subscribed calendar app should fetch a feed again. */
const FEED_REFRESH_SECONDS = 15 * 60;
const VTIMEZONE_ZONES = new Set<string>(tzlib_get_timezones() as string[]);

/** The same UID in every invitation and feed, so a calendar app merges them into one event. */
export function bookingUid(bookingId: string): string {
  return `${bookingId}@booking-platform`;
}

/** An iTIP message (RFC 5546) for one booking: an invitation (REQUEST) or its cancellation (CANCEL). */
export function invitationIcs(entry: CalendarEntry, invitation: Invitation): string {
  const calendar = newCalendar({ method: ICalCalendarMethod[invitation.method] });
  addEvent(calendar, entry)
    .organizer(invitation.organizer)
    .createAttendee({ email: invitation.attendee, rsvp: false });
  return calendar.toString();
}

/** A subscription feed (RFC 5545, no METHOD): the bookings as they are now, cancelled ones included. */
export function feedIcs(name: string, entries: readonly CalendarEntry[]): string {
  const calendar = newCalendar({ name, ttl: FEED_REFRESH_SECONDS });
  for (const entry of entries) addEvent(calendar, entry);
  return calendar.toString();
}

function newCalendar(options: Parameters<typeof ical>[0]): ICalCalendar {
  return ical({
    ...options,
    prodId: PRODUCT,
    // No calendar-wide zone: each event names its own, and a VTIMEZONE is written for each one used.
    timezone: { name: null, generator: vtimezoneOf },
  });
}

/**
 * The zone to write an entry's times in, or null for UTC: a zone without a VTIMEZONE definition,
 * or a time in a fall-back overlap, which readers resolve differently (RFC 5545 says the first).
 */
function writableZone(entry: CalendarEntry): string | null {
  const zone = entry.timeZone;
  if (!VTIMEZONE_ZONES.has(zone)) return null;
  return wallTimeRepeats(entry.start, zone) || wallTimeRepeats(entry.end, zone) ? null : zone;
}

function vtimezoneOf(zone: string): string | null {
  const block = tzlib_get_ical_block(zone);
  return Array.isArray(block) ? (block[0] ?? null) : null;
}

function addEvent(calendar: ICalCalendar, entry: CalendarEntry) {
  const zone = writableZone(entry);
  // ical-generator writes a zoned event's date as the wall time it is given: give it the zone's.
  const at = (instant: Date) => (zone ? DateTime.fromJSDate(instant, { zone }) : instant);
  return calendar.createEvent({
    id: bookingUid(entry.bookingId),
    sequence: entry.sequence,
    start: at(entry.start),
    end: at(entry.end),
    timezone: zone,
    summary: entry.summary,
    description: entry.description,
    status: entry.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    stamp: entry.changedAt,
    lastModified: entry.changedAt,
  });
}
