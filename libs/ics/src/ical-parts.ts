import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import { tzlib_get_ical_block, tzlib_get_timezones } from 'timezones-ical-library';
import { instantToWall, wallTimeRepeats, type WallTime } from '@booking/time';

const PRODUCT_ID = '-//booking-platform//bookings//EN';
const VTIMEZONE_ZONES = new Set<string>(tzlib_get_timezones() as string[]);
const BASE32HEX = '0123456789abcdefghijklmnopqrstuv';

// Calendar properties ical.js has no type for (RFC 7986's NAME, the common X- ones): typed here, so
// their text is escaped. REFRESH-INTERVAL stays untyped: RFC 7986 requires its VALUE=DURATION.
Object.assign(ICAL.design.icalendar.property, {
  name: { defaultType: 'text' },
  'x-wr-calname': { defaultType: 'text' },
  'x-published-ttl': { defaultType: 'duration' },
});

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
 * The UID of the event with this Google event id, in invitations, feeds and Google alike: Google
 * names an event inserted under an id `<id>@google.com` and takes only one of id and iCalUID at
 * creation. The platform must give the id (it makes inserts idempotent), so its UID is the one
 * Google derives from it: a calendar that sees the feed and the Google event sees it once.
 */
export const uidOf = (eventId: string) => `${eventId}@google.com`;

export function hasVtimezone(zone: string): boolean {
  return VTIMEZONE_ZONES.has(zone);
}

export function newCalendar(): ICAL.Component {
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('prodid', PRODUCT_ID);
  return calendar;
}

/** An event, with the zones its times are written in (each needs its VTIMEZONE). */
export interface WrittenEvent {
  component: ICAL.Component;
  zones: readonly string[];
}

/**
 * The calendar's text: its own properties first, then a VTIMEZONE for each zone an event is
 * written in (and `ownZone`'s), then the events; every line, the last too, ends in CRLF (RFC 5545
 * §3.1).
 */
export function written(calendar: ICAL.Component, events: readonly WrittenEvent[], ownZone?: string): string {
  const zones = new Set(events.flatMap((event) => event.zones));
  if (ownZone) zones.add(ownZone);
  for (const zone of [...zones].sort()) calendar.addSubcomponent(vtimezoneOf(zone));
  for (const event of events) calendar.addSubcomponent(event.component);
  return `${calendar.toString()}\r\n`;
}

/**
 * The zone to write a period's times in, or null for UTC: a zone without a VTIMEZONE definition,
 * or a time in a fall-back overlap, which readers resolve differently (RFC 5545 says the first).
 */
export function zoneFor(start: Date, end: Date, zone: string): string | null {
  if (!VTIMEZONE_ZONES.has(zone)) return null;
  return wallTimeRepeats(start, zone) || wallTimeRepeats(end, zone) ? null : zone;
}

function vtimezoneOf(zone: string): ICAL.Component {
  const block = tzlib_get_ical_block(zone) as string[];
  return ICAL.Component.fromString(block[0]!);
}

/** A date-time property: the wall time under TZID in a zone, otherwise the UTC instant. */
export function addTime(event: ICAL.Component, name: string, instant: Date, zone: string | null): void {
  if (zone) addWallTime(event, name, instantToWall(instant, zone), zone);
  else event.addPropertyWithValue(name, ICAL.Time.fromJSDate(instant, true));
}

/** A date-time property from a wall time under TZID (floating where there is no zone to name). */
export function addWallTime(event: ICAL.Component, name: string, wall: WallTime, zone: string | null): void {
  const property = new ICAL.Property(name);
  if (zone) property.setParameter('tzid', zone);
  property.setValue(wallTimeValue(wall));
  event.addProperty(property);
}

/** A wall time as ical.js holds a DATE-TIME without a zone. */
export function wallTimeValue(wall: WallTime): ICAL.Time {
  return ICAL.Time.fromData({ ...wall, second: wall.second ?? 0, isDate: false });
}

/** UID, SEQUENCE, DTSTAMP: what every VEVENT starts with. */
export function newEvent(uid: string, sequence: number, changedAt: Date): ICAL.Component {
  const event = new ICAL.Component('vevent');
  event.addPropertyWithValue('uid', uid);
  event.addPropertyWithValue('sequence', sequence);
  event.addPropertyWithValue('dtstamp', ICAL.Time.fromJSDate(changedAt, true));
  return event;
}

/** SUMMARY, DESCRIPTION, STATUS and LAST-MODIFIED: what every VEVENT ends with. */
export function withText(
  event: ICAL.Component,
  text: { summary: string; description: string; cancelled: boolean; changedAt: Date },
): ICAL.Component {
  event.addPropertyWithValue('summary', text.summary);
  event.addPropertyWithValue('description', text.description);
  event.addPropertyWithValue('status', text.cancelled ? 'CANCELLED' : 'CONFIRMED');
  event.addPropertyWithValue('last-modified', ICAL.Time.fromJSDate(text.changedAt, true));
  return event;
}

/** Who an iTIP message (RFC 5546) is from and to, and what it asks. */
export interface Invitation {
  method: 'REQUEST' | 'CANCEL';
  /** `Name <address>` or an address: who sends it (the mail's From). */
  organizer: string;
  attendee: string;
}

/** ORGANIZER and ATTENDEE, which iTIP requires on every component of the message. */
export function addParticipants(event: ICAL.Component, invitation: Invitation): void {
  addAddress(event, 'organizer', invitation.organizer);
  addAddress(event, 'attendee', invitation.attendee).setParameter('rsvp', 'FALSE');
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
