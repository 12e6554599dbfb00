import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import { tzlib_get_ical_block, tzlib_get_timezones } from 'timezones-ical-library';
import { instantToWall, wallTimeRepeats } from '@booking/time';

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

export interface Invitation {
  method: 'REQUEST' | 'CANCEL';
  /** `Name <address>` or an address: who sends it (the mail's From). */
  organizer: string;
  attendee: string;
}

const PRODUCT_ID = '-//booking-platform//bookings//EN';
/** How often a subscribed calendar app should fetch a feed again. */
const FEED_REFRESH_SECONDS = 15 * 60;
const VTIMEZONE_ZONES = new Set<string>(tzlib_get_timezones() as string[]);
const FEED_FALLBACK_ZONE = 'Etc/UTC';

// Calendar properties ical.js has no type for (RFC 7986's NAME, the common X- ones): typed here, so
// their text is escaped. REFRESH-INTERVAL stays untyped: RFC 7986 requires its VALUE=DURATION.
Object.assign(ICAL.design.icalendar.property, {
  name: { defaultType: 'text' },
  'x-wr-calname': { defaultType: 'text' },
  'x-published-ttl': { defaultType: 'duration' },
});

const BASE32HEX = '0123456789abcdefghijklmnopqrstuv';

/**
 * An event id in Google's alphabet (base32hex, `[a-v0-9]`): the SHA-256 of the key, 52
 * characters whatever the key. The same booking always gets the same id, so a repeated insert
 * into Google is a 409, never a second event.
 */
export function calendarEventId(key: string): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of createHash('sha256').update(key, 'utf8').digest()) {
    value = ((value << 8) | byte) & 0xfff;
    bits += 8;
    while (bits >= 5) {
      out += BASE32HEX[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out + BASE32HEX[(value << (5 - bits)) & 31];
}

/**
 * The booking's UID in every invitation and feed, and its iCalUID in Google: Google names an
 * event inserted under an id `<id>@google.com` and takes only one of id and iCalUID at creation.
 * The platform must give the id (it makes inserts idempotent), so its UID is the one Google
 * derives from it: a calendar that sees the feed and the Google event sees one booking.
 */
export function bookingUid(bookingId: string): string {
  return `${calendarEventId(bookingId)}@google.com`;
}

/** An iTIP message (RFC 5546) for one booking: an invitation (REQUEST) or its cancellation (CANCEL). */
export function invitationIcs(entry: CalendarEntry, invitation: Invitation): string {
  const calendar = newCalendar();
  calendar.addPropertyWithValue('method', invitation.method);
  const event = eventOf(entry);
  addAddress(event, 'organizer', invitation.organizer);
  addAddress(event, 'attendee', invitation.attendee).setParameter('rsvp', 'FALSE');
  return written(calendar, [entry], [event]);
}

/**
 * A subscription feed (RFC 5545, no METHOD): the bookings as they are now, cancelled ones included.
 * It carries the VTIMEZONE of its own zone (UTC where it has none) even with no booking in it, so
 * an empty feed still holds the component RFC 5545 requires of every calendar.
 */
export function feedIcs(
  name: string,
  entries: readonly CalendarEntry[],
  timeZone = FEED_FALLBACK_ZONE,
): string {
  const calendar = newCalendar();
  calendar.addPropertyWithValue('name', name);
  calendar.addPropertyWithValue('x-wr-calname', name);
  const refresh = new ICAL.Property('refresh-interval');
  refresh.resetType('duration');
  refresh.setValue(ICAL.Duration.fromSeconds(FEED_REFRESH_SECONDS));
  calendar.addProperty(refresh);
  calendar.addPropertyWithValue('x-published-ttl', ICAL.Duration.fromSeconds(FEED_REFRESH_SECONDS));
  const ownZone = VTIMEZONE_ZONES.has(timeZone) ? timeZone : FEED_FALLBACK_ZONE;
  return written(calendar, entries, entries.map(eventOf), ownZone);
}

function newCalendar(): ICAL.Component {
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('prodid', PRODUCT_ID);
  return calendar;
}

/**
 * The calendar's text: its own properties first, then a VTIMEZONE for each zone an event is
 * written in (and `ownZone`'s), then the events; every line, the last too, ends in CRLF (RFC 5545
 * §3.1).
 */
function written(
  calendar: ICAL.Component,
  entries: readonly CalendarEntry[],
  events: ICAL.Component[],
  ownZone?: string,
): string {
  const zones = new Set(entries.map(writableZone).filter((zone): zone is string => zone !== null));
  if (ownZone) zones.add(ownZone);
  for (const zone of [...zones].sort()) calendar.addSubcomponent(vtimezoneOf(zone));
  for (const event of events) calendar.addSubcomponent(event);
  return `${calendar.toString()}\r\n`;
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

function vtimezoneOf(zone: string): ICAL.Component {
  const block = tzlib_get_ical_block(zone) as string[];
  return ICAL.Component.fromString(block[0]!);
}

/** A date-time property: the wall time under TZID in a writable zone, otherwise the UTC instant. */
function addTime(event: ICAL.Component, name: string, instant: Date, zone: string | null): void {
  const property = new ICAL.Property(name);
  if (zone) {
    property.setParameter('tzid', zone);
    property.setValue(ICAL.Time.fromData({ ...instantToWall(instant, zone), isDate: false }));
  } else property.setValue(ICAL.Time.fromJSDate(instant, true));
  event.addProperty(property);
}

/** ORGANIZER or ATTENDEE from `Name <address>` or a bare address. */
function addAddress(event: ICAL.Component, name: string, address: string): ICAL.Property {
  const match = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(address);
  const property = new ICAL.Property(name);
  property.setValue(`mailto:${match ? match[2]! : address.trim()}`);
  if (match?.[1]) property.setParameter('cn', match[1]);
  event.addProperty(property);
  return property;
}

function eventOf(entry: CalendarEntry): ICAL.Component {
  const zone = writableZone(entry);
  const event = new ICAL.Component('vevent');
  event.addPropertyWithValue('uid', bookingUid(entry.bookingId));
  event.addPropertyWithValue('sequence', entry.sequence);
  event.addPropertyWithValue('dtstamp', ICAL.Time.fromJSDate(entry.changedAt, true));
  addTime(event, 'dtstart', entry.start, zone);
  addTime(event, 'dtend', entry.end, zone);
  event.addPropertyWithValue('summary', entry.summary);
  event.addPropertyWithValue('description', entry.description);
  event.addPropertyWithValue('status', entry.cancelled ? 'CANCELLED' : 'CONFIRMED');
  event.addPropertyWithValue('last-modified', ICAL.Time.fromJSDate(entry.changedAt, true));
  return event;
}
