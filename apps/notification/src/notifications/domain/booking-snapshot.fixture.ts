import type { BookingSnapshot } from './notification';

/** For tests: a confirmed New York booking, one 2-hour slot, reachable by email and SMS. */
export const bookingSnapshot = (overrides: Partial<BookingSnapshot> = {}): BookingSnapshot => ({
  bookingId: 'b1',
  resourceId: 'r1',
  seriesId: null,
  recurrenceId: null,
  customerId: 'c1',
  status: 'CONFIRMED',
  start: new Date('2026-10-21T14:00:00Z'),
  end: new Date('2026-10-21T16:00:00Z'),
  timeZone: 'America/New_York',
  contact: { email: 'a@example.com', phone: '+12025550123' },
  version: 2,
  calendarSequence: 0,
  ...overrides,
});
