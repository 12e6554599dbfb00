import {
  BOOKING_STATUSES,
  canTransition,
  releasesPeriod,
  targetOf,
  type BookingAction,
} from './booking-status';

describe('booking state machine', () => {
  const allowed: [string, BookingAction, string][] = [
    ['HOLD', 'confirm', 'CONFIRMED'],
    ['HOLD', 'expire', 'EXPIRED'],
    ['HOLD', 'cancel', 'CANCELLED'],
    ['CONFIRMED', 'cancel', 'CANCELLED'],
    ['CONFIRMED', 'check_in', 'IN_PROGRESS'],
    ['CONFIRMED', 'no_show', 'NO_SHOW'],
    ['IN_PROGRESS', 'complete', 'COMPLETED'],
  ];

  it.each(allowed)('lets %s %s into %s', (from, action, to) => {
    expect(canTransition(from as never, action)).toBe(true);
    expect(targetOf(action)).toBe(to);
  });

  it('refuses every other transition', () => {
    const actions: BookingAction[] = ['confirm', 'expire', 'cancel', 'check_in', 'complete', 'no_show'];
    const refused = BOOKING_STATUSES.flatMap((status) =>
      actions.filter((action) => canTransition(status, action)).map((action) => `${status}:${action}`),
    );
    expect(refused.sort()).toEqual(allowed.map(([from, action]) => `${from}:${action}`).sort());
  });

  it('says which actions give the period back: all but confirm and check-in', () => {
    const actions: BookingAction[] = ['confirm', 'expire', 'cancel', 'check_in', 'complete', 'no_show'];
    expect(actions.filter(releasesPeriod)).toEqual(['expire', 'cancel', 'complete', 'no_show']);
  });
});
