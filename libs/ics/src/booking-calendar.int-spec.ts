import { ical4jProblems } from '@booking/testing';
import { feedIcs, invitationIcs, type CalendarEntry } from './booking-calendar';
import { calendarEntry, invite } from './calendar-entry.fixture';
import {
  occurrenceInvitationIcs,
  seriesInvitationIcs,
  type OccurrenceEntry,
  type SeriesCalendarEntry,
} from './series-event';

const entry = (overrides: Partial<CalendarEntry> = {}) =>
  calendarEntry({ summary: 'Court 1; indoor, lit\nnorth side', ...overrides });

const seriesEntry: SeriesCalendarEntry = {
  seriesId: 's-1',
  sequence: 3,
  cancelled: false,
  rule: 'FREQ=MONTHLY;UNTIL=20271231T235959Z',
  timeZone: 'America/New_York',
  startWall: { year: 2027, month: 1, day: 31, hour: 1, minute: 30 },
  durationMs: 5_400_000,
  rdates: [{ year: 2027, month: 2, day: 28, hour: 1, minute: 30 }],
  exdates: [{ year: 2027, month: 3, day: 31, hour: 1, minute: 30 }],
  overrides: [
    {
      recurrenceWall: { year: 2027, month: 5, day: 31, hour: 1, minute: 30 },
      start: new Date('2027-06-01T05:30:00Z'),
      end: new Date('2027-06-01T07:00:00Z'),
      sequence: 4,
    },
  ],
  summary: 'Court 1; weekly, indoor',
  description: 'Recurring booking s-1',
  changedAt: new Date('2027-01-02T00:00:00Z'),
};

/** The series' May occurrence, moved to the next day. */
const occurrence: OccurrenceEntry = {
  ...seriesEntry.overrides[0]!,
  seriesId: seriesEntry.seriesId,
  timeZone: seriesEntry.timeZone,
  cancelled: false,
  summary: seriesEntry.summary,
  description: seriesEntry.description,
  changedAt: seriesEntry.changedAt,
};

describe('the calendars the platform writes, read strictly by ical4j', () => {
  it('finds nothing wrong with invitations, cancellations and feeds: zones, DST, odd names, a series and its iTIP messages', async () => {
    const problems = await ical4jProblems({
      request: invitationIcs(entry(), { method: 'REQUEST', ...invite }),
      // 01:30 EST to 03:30 EDT: across the spring-forward gap.
      across: invitationIcs(
        entry({ start: new Date('2027-03-14T06:30:00Z'), end: new Date('2027-03-14T07:30:00Z') }),
        {
          method: 'REQUEST',
          ...invite,
        },
      ),
      cancel: invitationIcs(entry({ cancelled: true, sequence: 3 }), { method: 'CANCEL', ...invite }),
      feed: feedIcs({
        name: 'Court 1; indoor, lit',
        bookings: [
          entry(),
          entry({ bookingId: 'b-2', timeZone: 'Asia/Kolkata', cancelled: true }),
          // The second 01:30 of 2027-11-07 in New York: written in UTC.
          entry({
            bookingId: 'b-3',
            start: new Date('2027-11-07T06:30:00Z'),
            end: new Date('2027-11-07T07:30:00Z'),
          }),
          entry({ bookingId: 'b-4', timeZone: 'Australia/Lord_Howe' }),
        ],
      }),
      series: feedIcs({
        name: 'Court 1',
        timeZone: 'America/New_York',
        bookings: [entry()],
        series: [seriesEntry],
      }),
      seriesRequest: seriesInvitationIcs(seriesEntry, { method: 'REQUEST', ...invite }),
      seriesCancel: seriesInvitationIcs(
        { ...seriesEntry, cancelled: true, sequence: 4 },
        { method: 'CANCEL', ...invite },
      ),
      occurrenceMoved: occurrenceInvitationIcs(occurrence, { method: 'REQUEST', ...invite }),
      occurrenceCancelled: occurrenceInvitationIcs(
        { ...occurrence, cancelled: true, sequence: 5 },
        { method: 'CANCEL', ...invite },
      ),
      empty: feedIcs({ name: 'Nothing yet', bookings: [] }),
      emptyInItsZone: feedIcs({ name: 'Nothing yet', bookings: [], timeZone: 'Asia/Ho_Chi_Minh' }),
    });
    expect(problems).toEqual([]);
  });

  it('reports a calendar that breaks a rule: a REQUEST without its ORGANIZER, an event without DTSTAMP', async () => {
    const request = invitationIcs(entry(), { method: 'REQUEST', ...invite }).replace(
      /ORGANIZER[^\r]*\r\n/,
      '',
    );
    const feed = feedIcs({ name: 'Court 1', bookings: [entry()] }).replace(/DTSTAMP[^\r]*\r\n/, '');
    const problems = await ical4jProblems({ request, feed });
    expect(problems).toEqual([
      expect.stringMatching(/^request: .*ORGANIZER/),
      expect.stringMatching(/^feed: .*DTSTAMP/),
    ]);
  });
});
