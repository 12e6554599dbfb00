import { DateTime } from 'luxon';
import { bookingLink } from '@booking/config';
import { calendarEventId } from '@booking/ics';
import type { BookingSnapshot } from '../../notifications/domain/notification';

/** The fields of a Calendar API v3 event the platform writes. */
export interface GoogleEventBody {
  id: string;
  status: 'confirmed';
  summary: string;
  description: string;
  start: { dateTime: string; timeZone: string };
  end: { dateTime: string; timeZone: string };
  extendedProperties: { private: { bookingId: string; version: string } };
}

/** An instant as Calendar API v3 takes it: the wall time with its offset in the zone, and the zone. */
export function eventTime(instant: Date, zone: string): { dateTime: string; timeZone: string } {
  return {
    dateTime: DateTime.fromJSDate(instant, { zone }).toISO({ suppressMilliseconds: true })!,
    timeZone: zone,
  };
}

/** What the calendar should show of a booking: its event, or nothing. */
export type DesiredEvent = { kind: 'present'; event: GoogleEventBody } | { kind: 'absent'; id: string };

/** Statuses whose time the host spends on the booking; any other (cancelled, expired, no-show, a hold) shows nothing. */
export const SHOWN_STATUSES = ['CONFIRMED', 'IN_PROGRESS', 'COMPLETED'] as const;
const SHOWN = new Set<string>(SHOWN_STATUSES);

/** The booking's event id in Google: derived from its id, so its iCalUID is the feeds' UID. */
export function googleEventId(bookingId: string): string {
  return calendarEventId(bookingId);
}

/**
 * Pure: the event a booking should be in its resource's calendar, in the resource's zone. It
 * names the booking and links to it; nothing about the customer, who may not want to be in a
 * calendar the host shares.
 */
export function desiredEvent(booking: BookingSnapshot, linkTemplate: string): DesiredEvent {
  const id = googleEventId(booking.bookingId);
  if (!SHOWN.has(booking.status)) return { kind: 'absent', id };
  const at = (instant: Date) => eventTime(instant, booking.timeZone);
  return {
    kind: 'present',
    event: {
      id,
      status: 'confirmed',
      summary: `Booking ${booking.bookingId.slice(0, 8)}`,
      description: `Booking ${booking.bookingId}\n${bookingLink(linkTemplate, booking.bookingId)}`,
      start: at(booking.start),
      end: at(booking.end),
      extendedProperties: { private: { bookingId: booking.bookingId, version: String(booking.version) } },
    },
  };
}
