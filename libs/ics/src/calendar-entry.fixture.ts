import type { CalendarEntry } from './booking-calendar';

/** For tests: a one-hour New York booking on Monday 2027-03-15, after the March change. */
export const calendarEntry = (overrides: Partial<CalendarEntry> = {}): CalendarEntry => ({
  bookingId: 'b-1',
  sequence: 2,
  cancelled: false,
  start: new Date('2027-03-15T14:00:00Z'),
  end: new Date('2027-03-15T15:00:00Z'),
  timeZone: 'America/New_York',
  summary: 'Court 1',
  description: 'Booking b-1',
  changedAt: new Date('2027-03-01T09:00:00Z'),
  ...overrides,
});

export const invite = { organizer: 'Bookings <bookings@example.test>', attendee: 'ana@example.test' };
