import { calendarSequence } from './booking-times';

describe('calendarSequence', () => {
  it('counts the moves a calendar has seen, and one more once cancelled', () => {
    expect(calendarSequence({ rescheduleCount: 0, status: 'CONFIRMED' })).toBe(0);
    expect(calendarSequence({ rescheduleCount: 2, status: 'CONFIRMED' })).toBe(2);
    expect(calendarSequence({ rescheduleCount: 2, status: 'CANCELLED' })).toBe(3);
  });

  it('is not raised by what a calendar does not show: payment, check-in, completion', () => {
    for (const status of ['HOLD', 'CONFIRMED', 'IN_PROGRESS', 'COMPLETED', 'NO_SHOW'] as const)
      expect(calendarSequence({ rescheduleCount: 1, status })).toBe(1);
  });
});
