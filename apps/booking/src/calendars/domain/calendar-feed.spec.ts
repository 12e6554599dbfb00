import { feedIcs } from '@booking/ics';
import { expandCalendar, seriesSweep, sweptChange, SWEEP_WINDOW } from '@booking/testing';
import { expandSeries } from '@booking/time';
import type { Booking } from '../../bookings/domain/booking';
import { specOf, type Series } from '../../series/domain/series';
import { series } from '../../series/domain/series.fixture';
import { seriesEntryOf } from './calendar-feed';

const DAY = 86_400_000;
const WINDOW = SWEEP_WINDOW;
const iso = (instances: { start: Date; end: Date }[]) =>
  instances.map(({ start, end }) => `${start.toISOString()}/${end.toISOString()}`);

/** A held occurrence as a booking: at its own period, or moved. */
function held(
  of: Series,
  occurrence: { recurrenceId: Date; start: Date; end: Date },
  overrides: Partial<Booking> = {},
): Booking {
  return {
    bookingId: `b-${occurrence.recurrenceId.getTime()}`,
    resourceId: of.resourceId,
    customerId: of.customerId,
    status: 'CONFIRMED',
    period: { start: occurrence.start, end: occurrence.end },
    blocked: { start: occurrence.start, end: occurrence.end },
    timeZone: of.timeZone,
    holdExpiresAt: null,
    depositAmount: 0,
    paidAmount: 0,
    paymentTxnId: null,
    currency: 'USD',
    refundAmount: null,
    refundStatus: null,
    rescheduleCount: 0,
    termsStart: occurrence.start,
    seriesId: of.seriesId,
    recurrenceId: occurrence.recurrenceId,
    contact: null,
    version: 1,
    createdAt: WINDOW.from,
    updatedAt: WINDOW.from,
    ...overrides,
  };
}

describe('a series in a feed, read back by ical.js', () => {
  it('expands to exactly the platform’s occurrences: clamped, shifted, skipped, later, cancelled and moved', () => {
    let instances = 0;
    const policies = new Set<string>();
    const sweep = seriesSweep(150);
    for (const swept of sweep) {
      const one = series(swept.rrule, swept);
      const policy = `${one.onMissingDay}/${one.onNonexistent}/${one.disambiguation}`;
      policies.add(policy);
      const platform = expandSeries(specOf(one), WINDOW.from, WINDOW.to).occurrences;
      const bookings = platform.map((occurrence, index) => {
        const change = sweptChange(index);
        if (change === 'cancelled') return held(one, occurrence, { status: 'CANCELLED' });
        if (change === 'as-ruled') return held(one, occurrence);
        const period = {
          start: new Date(occurrence.start.getTime() + DAY),
          end: new Date(occurrence.end.getTime() + DAY),
        };
        return held(one, occurrence, { period, rescheduleCount: 1 });
      });
      // A moved one may leave the window; ical.js's reading is cut at the same edges.
      const expected = bookings
        .filter((booking) => booking.status !== 'CANCELLED' && booking.period.start < WINDOW.to)
        .map((booking) => booking.period);
      const text = feedIcs({
        name: 'Court 1',
        timeZone: one.timeZone,
        bookings: [],
        series: [seriesEntryOf(one, bookings, 'Court 1', WINDOW)],
      });
      const written = expandCalendar(text, WINDOW.to).filter(
        (instance) => instance.start >= WINDOW.from && instance.start < WINDOW.to,
      );
      const label = { rule: one.rrule, zone: one.timeZone, startWall: one.startWall, policy };
      expect({ ...label, instances: iso(written) }).toEqual({
        ...label,
        instances: iso([...expected].sort((a, b) => a.start.getTime() - b.start.getTime())),
      });
      instances += expected.length;
    }
    process.stdout.write(
      `series in feeds: ${sweep.length} series, ${instances} occurrences, ${policies.size} policy mixes\n`,
    );
    expect(policies.size).toBe(12);
    expect(instances).toBeGreaterThan(10_000);
  });

  it('writes DTSTART at the first match when the rule does not match DTSTART itself', () => {
    // Wednesday 2027-01-06 with BYDAY=FR: the first occurrence is Friday 2027-01-08, 10:00 EST.
    const entry = seriesEntryOf(series('FREQ=WEEKLY;BYDAY=FR;COUNT=3'), [], 'Court 1', WINDOW);
    expect(entry.startWall).toEqual({ year: 2027, month: 1, day: 8, hour: 10, minute: 0, second: 0 });
  });
});
