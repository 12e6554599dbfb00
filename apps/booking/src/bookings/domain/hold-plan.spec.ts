import { DomainError } from '@booking/contracts';
import { blockedOf, movedPeriod, planHold } from './hold-plan';

const car = {
  timeZone: 'Asia/Ho_Chi_Minh',
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 120,
  holdMinutes: 15,
  depositAmount: 2_000_000,
  minNoticeMinutes: 0,
  businessHours: null,
};
const now = new Date('2026-01-10T02:00:00Z');
const limits = { maxBookingDays: 90, horizonDays: 730 };

function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
  }
  return 'no error';
}

describe('planHold', () => {
  it('widens the period by the buffers and holds it for holdMinutes', () => {
    const plan = planHold({
      request: { start: '2026-01-25T08:00:00+07:00', end: '2026-01-28T20:00:00+07:00' },
      resource: car,
      now,
      limits,
    });
    expect(plan).toEqual({
      period: { start: new Date('2026-01-25T01:00:00Z'), end: new Date('2026-01-28T13:00:00Z') },
      blocked: { start: new Date('2026-01-25T01:00:00Z'), end: new Date('2026-01-28T15:00:00Z') },
      timeZone: 'Asia/Ho_Chi_Minh',
      status: 'HOLD',
      holdExpiresAt: new Date('2026-01-10T02:15:00Z'),
    });
  });

  it('confirms at once when there is no deposit', () => {
    const plan = planHold({
      request: { start: '2026-01-25T08:00:00', end: '2026-01-25T10:00:00' },
      resource: { ...car, depositAmount: 0 },
      now,
      limits,
    });
    expect(plan.status).toBe('CONFIRMED');
    expect(plan.holdExpiresAt).toBeNull();
  });

  it('files 23:30–00:30 as ending on the next day', () => {
    const plan = planHold({
      request: { start: '2026-01-25T23:30:00', end: '2026-01-26T00:30:00' },
      resource: car,
      now,
      limits,
    });
    expect(plan.period.end.getTime() - plan.period.start.getTime()).toBe(3_600_000);
  });

  it.each([
    [
      'an end before the start',
      { start: '2026-01-25T10:00:00', end: '2026-01-25T09:00:00' },
      'end_before_start',
    ],
    [
      'an end equal to the start',
      { start: '2026-01-25T10:00:00', end: '2026-01-25T10:00:00' },
      'end_before_start',
    ],
    ['more than 90 days', { start: '2026-01-25T10:00:00Z', end: '2026-04-25T10:00:01Z' }, 'too_long'],
    [
      'a start in the past',
      { start: '2026-01-09T10:00:00Z', end: '2026-01-09T12:00:00Z' },
      'too_short_notice',
    ],
    [
      'a wall time in the New York gap',
      { start: '2026-03-08T02:30:00', end: '2026-03-08T04:00:00', timeZone: 'America/New_York' },
      'nonexistent_local_time',
    ],
    [
      'a wall time in the New York overlap',
      { start: '2026-11-01T01:30:00', end: '2026-11-01T04:00:00', timeZone: 'America/New_York' },
      'ambiguous_local_time',
    ],
    [
      'an offset the zone does not have',
      { start: '2026-01-25T08:00:00+08:00', end: '2026-01-25T10:00:00+07:00' },
      'offset_mismatch',
    ],
  ])('refuses %s', (_what, request, code) => {
    expect(codeOf(() => planHold({ request, resource: car, now, limits }))).toBe(code);
  });

  it('refuses a start more than horizonDays ahead with 400 validation_failed on /start', () => {
    const request = { start: '2028-01-11T02:00:00Z', end: '2028-01-11T04:00:00Z' };
    expect(codeOf(() => planHold({ request, resource: car, now, limits }))).toBe('validation_failed');
    const atHorizon = { start: '2028-01-10T02:00:00Z', end: '2028-01-10T04:00:00Z' };
    expect(planHold({ request: atHorizon, resource: car, now, limits }).status).toBe('HOLD');
  });

  it('allows exactly 90 days', () => {
    const plan = planHold({
      request: { start: '2026-01-25T10:00:00Z', end: '2026-04-25T10:00:00Z' },
      resource: car,
      now,
      limits,
    });
    expect(plan.status).toBe('HOLD');
  });
});

describe('blockedOf', () => {
  const period = { start: new Date('2026-01-25T10:00:00Z'), end: new Date('2026-01-25T10:30:00Z') };

  it('blocks the before-buffer ahead of the start and the after-buffer past the end', () => {
    expect(blockedOf(period, { bufferBeforeMinutes: 15, bufferAfterMinutes: 0 })).toEqual({
      start: new Date('2026-01-25T09:45:00Z'),
      end: new Date('2026-01-25T10:30:00Z'),
    });
    expect(blockedOf(period, { bufferBeforeMinutes: 0, bufferAfterMinutes: 15 })).toEqual({
      start: new Date('2026-01-25T10:00:00Z'),
      end: new Date('2026-01-25T10:45:00Z'),
    });
  });

  it('holds a before-buffer in a planned hold', () => {
    const plan = planHold({
      request: { start: '2026-01-25T08:00:00+07:00', end: '2026-01-25T09:00:00+07:00' },
      resource: { ...car, bufferBeforeMinutes: 45, bufferAfterMinutes: 10 },
      now,
      limits,
    });
    expect(plan.blocked).toEqual({
      start: new Date('2026-01-25T00:15:00Z'),
      end: new Date('2026-01-25T02:10:00Z'),
    });
  });
});

describe('movedPeriod', () => {
  // 00:30–02:30 New York on 2027-11-06 is two hours; on the fall-back night the same wall clock is three.
  const current = { start: new Date('2027-11-06T04:30:00Z'), end: new Date('2027-11-06T06:30:00Z') };

  it('keeps the exact duration when no end is given, across the fall-back night', () => {
    expect(movedPeriod(current, new Date('2027-11-07T04:30:00Z'), undefined)).toEqual({
      start: new Date('2027-11-07T04:30:00Z'),
      end: new Date('2027-11-07T06:30:00Z'),
    });
  });

  it('takes the end it is given', () => {
    const end = new Date('2027-11-07T07:30:00Z');
    expect(movedPeriod(current, new Date('2027-11-07T04:30:00Z'), end).end).toBe(end);
  });
});

describe('planHold with business hours', () => {
  const clinic = {
    ...car,
    timeZone: 'America/New_York',
    bufferAfterMinutes: 0,
    minNoticeMinutes: 120,
    businessHours: { weekly: { 1: [['09:00', '12:00'] as [string, string]] }, overrides: {} },
  };
  const monday = (start: string, end: string) => ({ start: `2026-03-09T${start}`, end: `2026-03-09T${end}` });

  it('accepts a period inside an opening, read in the resource’s zone', () => {
    const plan = planHold({ request: monday('09:00:00', '10:00:00'), resource: clinic, now, limits });
    expect(plan.period.start.toISOString()).toBe('2026-03-09T13:00:00.000Z');
  });

  it.each([
    ['starting before opening', monday('08:30:00', '09:30:00')],
    ['running past closing', monday('11:30:00', '12:30:00')],
    ['on a closed day', { start: '2026-03-10T09:00:00', end: '2026-03-10T10:00:00' }],
  ])('refuses a period %s with outside_business_hours', (_what, request) => {
    expect(codeOf(() => planHold({ request, resource: clinic, now, limits }))).toBe('outside_business_hours');
  });

  it('refuses a start inside the minimum notice with too_short_notice', () => {
    const soon = new Date('2026-03-09T12:00:00Z'); // 08:00 New York, 2 h notice → 10:00 earliest
    expect(
      codeOf(() =>
        planHold({ request: monday('09:00:00', '10:00:00'), resource: clinic, now: soon, limits }),
      ),
    ).toBe('too_short_notice');
    expect(
      planHold({ request: monday('10:00:00', '11:00:00'), resource: clinic, now: soon, limits }).status,
    ).toBe('HOLD');
  });
});
