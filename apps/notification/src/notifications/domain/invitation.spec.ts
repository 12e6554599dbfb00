import { bookingUid } from '@booking/ics';
import { onlyEvent, parseCalendar } from '@booking/testing';
import { invitationFor } from './invitation';
import { bookingSnapshot } from './booking-snapshot.fixture';
import type { BookingSnapshot } from './notification';

const booking = (overrides: Partial<BookingSnapshot> = {}): BookingSnapshot =>
  bookingSnapshot({
    start: new Date('2027-03-15T14:00:00Z'),
    end: new Date('2027-03-15T16:00:00Z'),
    contact: { email: 'li@example.com', locale: 'zh-CN' },
    version: 5,
    calendarSequence: 1,
    ...overrides,
  });
const FROM = 'Bookings <bookings@example.com>';
const NOW = new Date('2027-03-10T12:00:00Z');

describe('invitationFor', () => {
  it('invites to a confirmed booking in the recipient’s language, its SEQUENCE the calendar sequence, not the version', () => {
    const part = invitationFor('confirmation', booking(), FROM, NOW)!;
    expect(part.method).toBe('REQUEST');
    const calendar = parseCalendar(part.content);
    expect(calendar.method).toBe('REQUEST');
    expect(onlyEvent(calendar)).toMatchObject({
      uid: bookingUid('b1'),
      sequence: 1,
      status: 'CONFIRMED',
      summary: '您的预订',
      description: '预订 b1',
      organizer: 'mailto:bookings@example.com',
      attendees: ['mailto:li@example.com'],
    });
  });

  it('cancels with CANCEL, and invites to nothing that no longer stands', () => {
    const cancelled = booking({ status: 'CANCELLED', version: 6, calendarSequence: 2 });
    const part = invitationFor('cancellation', cancelled, FROM, NOW)!;
    expect(part.method).toBe('CANCEL');
    expect(onlyEvent(parseCalendar(part.content))).toMatchObject({ status: 'CANCELLED', sequence: 2 });
    expect(invitationFor('confirmation', cancelled, FROM, NOW)).toBeNull();
    expect(invitationFor('rescheduled', booking({ status: 'EXPIRED' }), FROM, NOW)).toBeNull();
  });

  it('adds none to reminders and refunds, nor without an email address', () => {
    for (const kind of ['reminder_24h', 'reminder_2h', 'refund'] as const) {
      expect(invitationFor(kind, booking(), FROM, NOW)).toBeNull();
    }
    expect(
      invitationFor('confirmation', booking({ contact: { phone: '+12025550123' } }), FROM, NOW),
    ).toBeNull();
  });
});
