import { formatLocal, formatUtc } from '@booking/time';
import type { Booking } from './booking';

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
