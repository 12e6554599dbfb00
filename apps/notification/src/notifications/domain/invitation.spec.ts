import { bookingUid, seriesUid } from '@booking/ics';
import { expandCalendar, onlyEvent, parseCalendar } from '@booking/testing';
import { seriesSnapshot } from '../../calendar-sync/domain/series-snapshot.fixture';
import { invitationFor, needsSeries } from './invitation';
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

describe('invitationFor a series', () => {
  // Weekly Wednesdays 10:00–11:00 New York across the March change: 15:00Z, then 14:00Z.
  const series = seriesSnapshot({ version: 2 });
  const occurrence = (recurrenceId: string, overrides: Partial<BookingSnapshot> = {}) =>
    booking({
      bookingId: `b-${recurrenceId}`,
      seriesId: 's-1',
      recurrenceId: new Date(recurrenceId),
      start: new Date(recurrenceId),
      end: new Date(Date.parse(recurrenceId) + 3_600_000),
      contact: { email: 'ana@example.com' },
      calendarSequence: 0,
      ...overrides,
    });
  const first = occurrence('2027-03-03T15:00:00Z');
  // The second moved to Thursday 12:00 EDT; the third cancelled alone.
  const moved = occurrence('2027-03-10T15:00:00Z', {
    start: new Date('2027-03-11T16:00:00Z'),
    end: new Date('2027-03-11T17:00:00Z'),
    calendarSequence: 3,
  });
  const cancelled = occurrence('2027-03-17T14:00:00Z', { status: 'CANCELLED', calendarSequence: 1 });
  const occurrences = [first, moved, cancelled, occurrence('2027-03-24T14:00:00Z')];
  const view = { series, occurrences };

  it('invites once to the whole series: one UID, every VEVENT addressed, expanding to the occurrences that take place', () => {
    const part = invitationFor('series_confirmation', first, FROM, NOW, view)!;
    expect(part.method).toBe('REQUEST');
    const calendar = parseCalendar(part.content);
    expect(calendar.events.map((event) => [event.uid, event.organizer, event.attendees])).toEqual(
      calendar.events.map(() => [
        seriesUid('s-1'),
        'mailto:bookings@example.com',
        ['mailto:ana@example.com'],
      ]),
    );
    expect(calendar.events[0]).toMatchObject({ sequence: 2, recurrenceId: null, status: 'CONFIRMED' });
    expect(
      expandCalendar(part.content, new Date('2027-04-01T00:00:00Z')).map(({ start, end }) => [
        start.toISOString(),
        end.toISOString(),
      ]),
    ).toEqual([
      ['2027-03-03T15:00:00.000Z', '2027-03-03T16:00:00.000Z'],
      ['2027-03-11T16:00:00.000Z', '2027-03-11T17:00:00.000Z'],
      ['2027-03-24T14:00:00.000Z', '2027-03-24T15:00:00.000Z'],
    ]);
  });

  it('moves one occurrence by its RECURRENCE-ID, its SEQUENCE at least the series’', () => {
    const part = invitationFor('rescheduled', moved, FROM, NOW, { series, occurrences: [] })!;
    expect(part.method).toBe('REQUEST');
    expect(onlyEvent(parseCalendar(part.content))).toMatchObject({
      uid: seriesUid('s-1'),
      recurrenceId: new Date('2027-03-10T15:00:00Z'),
      start: new Date('2027-03-11T16:00:00Z'),
      end: new Date('2027-03-11T17:00:00Z'),
      sequence: 3,
      status: 'CONFIRMED',
    });
  });

  it('cancels one occurrence by its RECURRENCE-ID, and the whole series by its UID alone', () => {
    const one = invitationFor('cancellation', cancelled, FROM, NOW, { series, occurrences: [] })!;
    expect(one.method).toBe('CANCEL');
    expect(onlyEvent(parseCalendar(one.content))).toMatchObject({
      uid: seriesUid('s-1'),
      recurrenceId: new Date('2027-03-17T14:00:00Z'),
      sequence: 2,
      status: 'CANCELLED',
    });
    const ended = { series: { ...series, status: 'CANCELLED' as const, version: 3 }, occurrences };
    const whole = invitationFor('series_cancellation', first, FROM, NOW, ended)!;
    expect(whole.method).toBe('CANCEL');
    expect(onlyEvent(parseCalendar(whole.content))).toMatchObject({
      uid: seriesUid('s-1'),
      recurrenceId: null,
      sequence: 3,
      status: 'CANCELLED',
    });
  });

  it('needs the series for an occurrence’s calendar messages only', () => {
    expect(needsSeries('rescheduled', moved)).toBe(true);
    expect(needsSeries('series_confirmation', first)).toBe(true);
    expect(needsSeries('reminder_24h', moved)).toBe(false);
    expect(needsSeries('confirmation', booking())).toBe(false);
  });
});
