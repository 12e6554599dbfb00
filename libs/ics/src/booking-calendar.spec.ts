import { onlyEvent, parseCalendar } from '@booking/testing';
import { bookingUid, feedIcs, invitationIcs } from './booking-calendar';
import { calendarEntry, invite } from './calendar-entry.fixture';

const entry = calendarEntry;

describe('invitationIcs', () => {
  it("writes a REQUEST in the resource zone whose instants are the booking's, after the March change", () => {
    const calendar = parseCalendar(invitationIcs(entry(), { method: 'REQUEST', ...invite }));
    expect(calendar.method).toBe('REQUEST');
    expect(calendar.timezones).toEqual(['America/New_York']);
    const event = onlyEvent(calendar);
    expect(event).toMatchObject({ uid: bookingUid('b-1'), sequence: 2, status: 'CONFIRMED' });
    expect(event.zone).toBe('America/New_York');
    expect(event.start.toISOString()).toBe('2027-03-15T14:00:00.000Z');
    expect(event.end.toISOString()).toBe('2027-03-15T15:00:00.000Z');
    expect(event.organizer).toBe('mailto:bookings@example.test');
    expect(event.attendees).toEqual(['mailto:ana@example.test']);
  });

  it('keeps the instants of a booking before the change and of one that spans it', () => {
    const before = entry({ start: new Date('2027-03-13T15:00:00Z'), end: new Date('2027-03-13T16:00:00Z') });
    // 01:30 EST to 03:30 EDT on 2027-03-14 is one real hour.
    const across = entry({ start: new Date('2027-03-14T06:30:00Z'), end: new Date('2027-03-14T07:30:00Z') });
    for (const booking of [before, across]) {
      const event = onlyEvent(parseCalendar(invitationIcs(booking, { method: 'REQUEST', ...invite })));
      expect([event.start.toISOString(), event.end.toISOString()]).toEqual([
        booking.start.toISOString(),
        booking.end.toISOString(),
      ]);
    }
    expect(invitationIcs(across, { method: 'REQUEST', ...invite })).toContain(
      'DTSTART;TZID=America/New_York:20270314T013000',
    );
  });

  it('writes a CANCEL with the same UID, a higher SEQUENCE and STATUS:CANCELLED', () => {
    const text = invitationIcs(entry({ sequence: 5, cancelled: true }), { method: 'CANCEL', ...invite });
    const calendar = parseCalendar(text);
    expect(calendar.method).toBe('CANCEL');
    expect(onlyEvent(calendar)).toMatchObject({ uid: bookingUid('b-1'), sequence: 5, status: 'CANCELLED' });
  });

  it('escapes text a calendar app would otherwise split', () => {
    const summary = 'Court 1; indoor, lit\nnorth side';
    const event = onlyEvent(
      parseCalendar(invitationIcs(entry({ summary }), { method: 'REQUEST', ...invite })),
    );
    expect(event.summary).toBe(summary);
  });
});

describe('feedIcs', () => {
  it('writes each booking once in its own zone, one VTIMEZONE per zone, cancelled ones kept as such', () => {
    const text = feedIcs({
      name: 'Court 1',
      timeZone: 'America/New_York',
      bookings: [
        entry(),
        entry({
          bookingId: 'b-2',
          timeZone: 'Asia/Ho_Chi_Minh',
          start: new Date('2027-03-14T03:00:00Z'),
          end: new Date('2027-03-14T05:00:00Z'),
        }),
        entry({ bookingId: 'b-3', timeZone: 'Asia/Kolkata', cancelled: true, sequence: 7 }),
        entry({
          bookingId: 'b-4',
          start: new Date('2027-11-07T06:30:00Z'),
          end: new Date('2027-11-07T07:30:00Z'),
        }),
      ],
    });
    const calendar = parseCalendar(text);
    expect(calendar.method).toBeNull();
    expect([...calendar.timezones].sort()).toEqual(['America/New_York', 'Asia/Ho_Chi_Minh', 'Asia/Kolkata']);
    expect(
      calendar.events.map((event) => [event.uid, event.zone, event.status, event.start.toISOString()]),
    ).toEqual([
      [bookingUid('b-1'), 'America/New_York', 'CONFIRMED', '2027-03-15T14:00:00.000Z'],
      [bookingUid('b-2'), 'Asia/Ho_Chi_Minh', 'CONFIRMED', '2027-03-14T03:00:00.000Z'],
      [bookingUid('b-3'), 'Asia/Kolkata', 'CANCELLED', '2027-03-15T14:00:00.000Z'],
      // 01:30 EST, the second 01:30 of 2027-11-07: in UTC, since readers differ on a repeated wall time.
      [bookingUid('b-4'), 'UTC', 'CONFIRMED', '2027-11-07T06:30:00.000Z'],
    ]);
    expect(text).toContain('DTSTART;TZID=Asia/Kolkata:20270315T193000');
  });

  it('writes the calendar’s own properties before any component, escaped, and ends every line in CRLF', () => {
    const text = feedIcs({ name: 'Court; 1, lit', bookings: [entry()] });
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.split('\r\n').slice(0, 7)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//booking-platform//bookings//EN',
      'NAME:Court\\; 1\\, lit',
      'X-WR-CALNAME:Court\\; 1\\, lit',
      'REFRESH-INTERVAL;VALUE=DURATION:PT15M',
      'X-PUBLISHED-TTL:PT15M',
    ]);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('writes a zone it has no VTIMEZONE for in UTC rather than under an undefined TZID', () => {
    const text = feedIcs({ name: 'Somewhere', bookings: [entry({ timeZone: 'Mars/Olympus_Mons' })] });
    const calendar = parseCalendar(text);
    // Only the feed's own zone, UTC by default: no VTIMEZONE for the event's.
    expect(calendar.timezones).toEqual(['Etc/UTC']);
    expect(onlyEvent(calendar).zone).toBe('UTC');
    expect(onlyEvent(calendar).start.toISOString()).toBe('2027-03-15T14:00:00.000Z');
    expect(text).toContain('DTSTART:20270315T140000Z');
  });
});
