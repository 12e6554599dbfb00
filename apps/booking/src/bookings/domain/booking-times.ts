import { formatLocal, formatUtc } from '@booking/time';
import type { Booking } from './booking';

/**
 * The booking's RFC 5545 SEQUENCE in invitations and feeds alike: raised by what a calendar shows
 * changing (a move, a cancel), never by a payment or a refund, so a feed and the last invitation
 * always carry the same one.
 */
export function calendarSequence(booking: Pick<Booking, 'rescheduleCount' | 'status'>): number {
  return booking.rescheduleCount + (booking.status === 'CANCELLED' ? 1 : 0);
}

/** Its instants in UTC and, in the booking's zone, as wall-clock time: for the API and for events alike. */
export function bookingTimes(booking: Booking) {
  return {
    start: formatUtc(booking.period.start),
    end: formatUtc(booking.period.end),
    startLocal: formatLocal(booking.period.start, booking.timeZone),
    endLocal: formatLocal(booking.period.end, booking.timeZone),
    timeZone: booking.timeZone,
    blockedStart: formatUtc(booking.blocked.start),
    blockedEnd: formatUtc(booking.blocked.end),
  };
}
