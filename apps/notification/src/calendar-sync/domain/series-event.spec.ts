import { bookingSnapshot } from '../../notifications/domain/booking-snapshot.fixture';
import type { BookingSnapshot } from '../../notifications/domain/notification';
import { desiredSeries, googleSeriesId, instanceId, seriesSnapshotOf } from './series-event';
import { seriesSnapshot } from './series-snapshot.fixture';

const series = seriesSnapshot;

const occurrence = (recurrenceId: string, overrides: Partial<BookingSnapshot> = {}): BookingSnapshot =>
  bookingSnapshot({
    bookingId: `b-${recurrenceId}`,
    seriesId: 's-1',
    recurrenceId: new Date(recurrenceId),
    start: new Date(recurrenceId),
    end: new Date(Date.parse(recurrenceId) + 3_600_000),
    contact: { email: 'guest@example.com' },
    version: 1,
    ...overrides,
  });

const NOW = new Date('2027-03-01T00:00:00Z');

describe('desiredSeries', () => {
  const id = googleSeriesId('s-1');

  it('is one recurring event from DTSTART in the zone, with no exception while every occurrence is as the rule says', () => {
    const desired = desiredSeries(
      series(),
      [occurrence('2027-03-03T15:00:00Z'), occurrence('2027-03-17T14:00:00Z')],
      NOW,
    );
    expect(desired).toEqual({
      kind: 'present',
      event: {
        id,
        status: 'confirmed',
        summary: 'Series s-1',
        description: 'Recurring booking s-1',
        start: { dateTime: '2027-03-03T10:00:00', timeZone: 'America/New_York' },
        end: { dateTime: '2027-03-03T11:00:00-05:00', timeZone: 'America/New_York' },
        // COUNT as the UNTIL of the platform's last occurrence, 10:00 EDT on 24 March.
        recurrence: ['RRULE:FREQ=WEEKLY;UNTIL=20270324T140000Z'],
        extendedProperties: { private: { seriesId: 's-1', version: '1' } },
      },
      exceptions: [],
    });
  });

  it('takes out occurrences cancelled before or after they were held, or never held, and moves a moved one', () => {
    const desired = desiredSeries(
      series({
        rrule: 'FREQ=WEEKLY;COUNT=6',
        cancelledRecurrences: ['2027-03-24T14:00:00Z'],
        conflictRecurrences: ['2027-03-31T14:00:00Z'],
      }),
      [
        occurrence('2027-03-10T15:00:00Z', { status: 'CANCELLED' }),
        occurrence('2027-03-17T14:00:00Z', {
          start: new Date('2027-03-18T16:00:00Z'),
          end: new Date('2027-03-18T17:00:00Z'),
        }),
        // Same start, longer: moved too.
        occurrence('2027-04-07T14:00:00Z', { end: new Date('2027-04-07T16:00:00Z') }),
      ],
      NOW,
    );
    expect(desired.kind === 'present' && desired.event.recurrence).toEqual([
      'RRULE:FREQ=WEEKLY;UNTIL=20270407T140000Z',
      'EXDATE;TZID=America/New_York:20270310T100000,20270324T100000,20270331T100000',
    ]);
    expect(desired.kind === 'present' && desired.exceptions).toEqual([
      {
        instanceId: instanceId(id, '2027-03-17T14:00:00Z'),
        start: { dateTime: '2027-03-18T12:00:00-04:00', timeZone: 'America/New_York' },
        end: { dateTime: '2027-03-18T13:00:00-04:00', timeZone: 'America/New_York' },
      },
      {
        instanceId: instanceId(id, '2027-04-07T14:00:00Z'),
        start: { dateTime: '2027-04-07T10:00:00-04:00', timeZone: 'America/New_York' },
        end: { dateTime: '2027-04-07T12:00:00-04:00', timeZone: 'America/New_York' },
      },
    ]);
  });

  it('writes a series some months lack the day of as its dates, where the platform clamps them', () => {
    const desired = desiredSeries(
      series({
        rrule: 'FREQ=MONTHLY;COUNT=3',
        startLocal: '2027-01-31T10:00:00',
        endLocal: '2027-01-31T11:00:00',
      }),
      [],
      NOW,
    );
    expect(desired.kind === 'present' && desired.event.recurrence).toEqual([
      'RDATE;TZID=America/New_York:20270131T100000,20270228T100000,20270331T100000',
    ]);
  });

  it('pins an occurrence moved out of the spring-forward gap at its own instants', () => {
    // 02:30 does not exist on 14 March 2027 in New York: shifted forward, it is 03:30 EDT.
    const desired = desiredSeries(
      series({
        rrule: 'FREQ=DAILY;COUNT=3',
        startLocal: '2027-03-13T02:30:00',
        endLocal: '2027-03-13T03:30:00',
        onNonexistent: 'shiftForward',
      }),
      [],
      NOW,
    );
    expect(desired.kind === 'present' && desired.exceptions).toEqual([
      {
        instanceId: instanceId(id, '2027-03-14T07:30:00Z'),
        start: { dateTime: '2027-03-14T03:30:00-04:00', timeZone: 'America/New_York' },
        end: { dateTime: '2027-03-14T04:30:00-04:00', timeZone: 'America/New_York' },
      },
    ]);
  });

  it('removes the event of a cancelled series, and keeps an ended one', () => {
    expect(desiredSeries(series({ status: 'CANCELLED' }), [], NOW)).toEqual({ kind: 'absent', id });
    expect(desiredSeries(series({ status: 'ENDED' }), [], NOW).kind).toBe('present');
  });
});

describe('seriesSnapshotOf', () => {
  it('reads a series.changed from before the policies travelled as the defaults', () => {
    const { onMissingDay: _m, onNonexistent: _n, disambiguation: _d, ...older } = series();
    expect(seriesSnapshotOf({ ...older, customerId: 'c1' })).toEqual(series());
  });
});
