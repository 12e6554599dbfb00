import { DomainError } from '@booking/contracts';
import type { Resource } from '../../resources/domain/resource';
import { planSeries } from './series-plan';

const clinic: Resource = {
  resourceId: 'r-1',
  name: 'Dr. Lee',
  kind: 'clinician',
  city: 'NYC',
  ownerId: 'host-1',
  timeZone: 'America/New_York',
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  holdMinutes: 15,
  depositAmount: 0,
  currency: 'USD',
  businessHours: null,
  slotMinutes: null,
  minNoticeMinutes: 0,
  cancellationPolicy: {
    tiers: [{ minHoursBefore: 0, refundPercent: 0 }],
    noShowAfterMinutes: 30,
    maxReschedules: 2,
  },
  holdLimit: 'deposit',
  attributes: {},
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: new Date('2026-01-01T00:00:00Z'),
};
const now = new Date('2026-12-02T12:00:00Z');
const limits = { maxBookingDays: 90, horizonDays: 730 };

function plan(rrule: string, start: string, end: string) {
  return planSeries({ request: { resourceId: 'r-1', start, end, rrule }, resource: clinic, now, limits });
}

function refusal(run: () => unknown): { code: string; detail: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, detail: error.message };
    throw error;
  }
  return { code: 'no error', detail: '' };
}

describe('planSeries bounds', () => {
  it('refuses a rule that never matches (February 30) with invalid_rrule', () => {
    expect(
      refusal(() => plan('FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30', '2026-12-09T10:00', '2026-12-09T11:00')),
    ).toEqual({
      code: 'invalid_rrule',
      detail: 'The rule has no occurrence in the next 730 days.',
    });
  });

  it('refuses a first wall time in year 1000 as in the past, before expanding anything', () => {
    expect(refusal(() => plan('FREQ=DAILY', '1000-01-01T10:00', '1000-01-01T11:00')).code).toBe(
      'too_short_notice',
    );
  });

  it('refuses a first wall time beyond the booking horizon with validation_failed', () => {
    expect(refusal(() => plan('FREQ=WEEKLY;COUNT=3', '2028-12-06T10:00', '2028-12-06T11:00')).code).toBe(
      'validation_failed',
    );
  });

  it('refuses an UNTIL beyond the booking horizon with invalid_rrule', () => {
    expect(
      refusal(() => plan('FREQ=WEEKLY;UNTIL=20290101T000000Z', '2026-12-09T10:00', '2026-12-09T11:00')).code,
    ).toBe('invalid_rrule');
  });

  it('holds nothing yet for a series whose first occurrence is more than 180 days ahead', () => {
    const planned = plan('FREQ=WEEKLY;COUNT=4', '2027-09-01T10:00', '2027-09-01T11:00');
    expect(planned.occurrences).toEqual([]);
    expect(planned.firstStart).toEqual(new Date('2027-09-01T14:00:00Z'));
  });

  it('holds the occurrences within 180 days and names the first', () => {
    const planned = plan('FREQ=WEEKLY;BYDAY=WE;COUNT=10', '2026-12-09T10:00', '2026-12-09T11:00');
    expect(planned.occurrences).toHaveLength(10);
    expect(planned.firstStart).toEqual(new Date('2026-12-09T15:00:00Z'));
  });
});
