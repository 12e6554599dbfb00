import { bookingSnapshot } from '../../notifications/domain/booking-snapshot.fixture';
import type { BookingSnapshot } from '../../notifications/domain/notification';
import { desiredSeries, googleSeriesId, instanceId, type SeriesSnapshot } from './series-event';

const series = (overrides: Partial<SeriesSnapshot> = {}): SeriesSnapshot => ({
  seriesId: 's-1',
  resourceId: 'r1',
  status: 'ACTIVE',
  rrule: 'FREQ=WEEKLY;COUNT=4',
  timeZone: 'America/New_York',
  startLocal: '2027-03-03T10:00:00',
  endLocal: '2027-03-03T11:00:00',
  cancelledRecurrences: [],
  conflictRecurrences: [],
  version: 1,
  ...overrides,
});

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

describe('desiredSeries', () => {
  const id = googleSeriesId('s-1');

  it('is one recurring event from DTSTART in the zone, with no exception while every occurrence is as the rule says', () => {
    const desired = desiredSeries(series(), [
      occurrence('2027-03-03T15:00:00Z'),
      occurrence('2027-03-17T14:00:00Z'),
    ]);
    expect(desired).toEqual({
      kind: 'present',
      event: {
        id,
        status: 'confirmed',
        summary: 'Series s-1',
        description: 'Recurring booking s-1',
        start: { dateTime: '2027-03-03T10:00:00-05:00', timeZone: 'America/New_York' },
        end: { dateTime: '2027-03-03T11:00:00-05:00', timeZone: 'America/New_York' },
        recurrence: ['RRULE:FREQ=WEEKLY;COUNT=4'],
        extendedProperties: { private: { seriesId: 's-1', version: '1' } },
      },
      exceptions: [],
    });
  });

  it('cancels occurrences taken out before or after they were held, or never held, and moves a moved one', () => {
    const desired = desiredSeries(
      series({
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
    );
    expect(desired.kind === 'present' && desired.exceptions).toEqual([
      {
        instanceId: instanceId(id, '2027-03-17T14:00:00Z'),
        change: 'moved',
        start: { dateTime: '2027-03-18T12:00:00-04:00', timeZone: 'America/New_York' },
        end: { dateTime: '2027-03-18T13:00:00-04:00', timeZone: 'America/New_York' },
      },
      {
        instanceId: instanceId(id, '2027-04-07T14:00:00Z'),
        change: 'moved',
        start: { dateTime: '2027-04-07T10:00:00-04:00', timeZone: 'America/New_York' },
        end: { dateTime: '2027-04-07T12:00:00-04:00', timeZone: 'America/New_York' },
      },
      { instanceId: `${id}_20270310T150000Z`, change: 'cancelled' },
      { instanceId: `${id}_20270324T140000Z`, change: 'cancelled' },
      { instanceId: `${id}_20270331T140000Z`, change: 'cancelled' },
    ]);
  });

  it('removes the event of a cancelled series, and keeps an ended one', () => {
    expect(desiredSeries(series({ status: 'CANCELLED' }), [])).toEqual({ kind: 'absent', id });
    expect(desiredSeries(series({ status: 'ENDED' }), []).kind).toBe('present');
  });
});
