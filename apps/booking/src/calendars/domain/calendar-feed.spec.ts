import { feedIcs } from '@booking/ics';
import { expandCalendar } from '@booking/testing';
import { expandSeries } from '@booking/time';
import type { Booking } from '../../bookings/domain/booking';
import { specOf, type Series } from '../../series/domain/series';
import { series } from '../../series/domain/series.fixture';
import { seriesEntryOf } from './calendar-feed';

const RULES = [
  'FREQ=DAILY',
  'FREQ=DAILY;INTERVAL=3;COUNT=40',
  'FREQ=WEEKLY;BYDAY=MO,WE,SU',
  'FREQ=WEEKLY;INTERVAL=2;BYDAY=SA',
  'FREQ=MONTHLY',
  'FREQ=MONTHLY;BYDAY=-1SU',
  'FREQ=MONTHLY;BYMONTHDAY=31;COUNT=12',
  'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29',
  'FREQ=WEEKLY;UNTIL=20271231',
];
const ZONES = [
  'America/New_York',
  'Europe/London',
  'Australia/Lord_Howe',
  'America/Santiago',
  'America/Havana',
];
/** Start times that land in each zone's gaps and repeated hours on some dates. */
const TIMES = [
  [0, 0],
  [0, 30],
  [1, 30],
  [2, 0],
  [2, 30],
  [23, 30],
] as const;
const DATES = [
  [2027, 1, 31],
  [2027, 3, 8],
  [2027, 3, 28],
  [2027, 9, 1],
  [2027, 10, 27],
  [2028, 2, 29],
] as const;

const DAY = 86_400_000;
const WINDOW = { from: new Date('2027-01-01T00:00:00Z'), to: new Date('2029-01-01T00:00:00Z') };
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
    // A sweep rather than draws: every 12 runs meet all 12 policy mixes, every 45 all rules in all zones.
    const nth = <T>(items: readonly T[], index: number): T => items[index % items.length]!;
    let compared = 0;
    let instances = 0;
    const policies = new Set<string>();
    for (let run = 0; run < 150; run++) {
      const [year, month, day] = nth(DATES, run * 7 + Math.floor(run / 6));
      const [hour, minute] = nth(TIMES, run * 5);
      const startWall = { year, month, day, hour, minute, second: 0 };
      const one = series(nth(RULES, run), {
        timeZone: nth(ZONES, Math.floor(run / 9)),
        startWall,
        endWall: { ...startWall, hour: hour + 1 },
        onMissingDay: nth(['clamp', 'skip'] as const, run),
        onNonexistent: nth(['reject', 'skip', 'shiftForward'] as const, Math.floor(run / 2)),
        disambiguation: nth(['earlier', 'later'] as const, Math.floor(run / 6)),
      });
      const policy = `${one.onMissingDay}/${one.onNonexistent}/${one.disambiguation}`;
      policies.add(policy);
      const platform = expandSeries(specOf(one), WINDOW.from, WINDOW.to).occurrences;
      // Every fifth occurrence cancelled, every seventh moved a day later, the rest held as ruled.
      const bookings = platform.map((occurrence, index) =>
        index % 5 === 4
          ? held(one, occurrence, { status: 'CANCELLED' })
          : index % 7 === 6
            ? held(one, occurrence, {
                period: {
                  start: new Date(occurrence.start.getTime() + DAY),
                  end: new Date(occurrence.end.getTime() + DAY),
                },
                rescheduleCount: 1,
              })
            : held(one, occurrence),
      );
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
      const label = { rule: one.rrule, zone: one.timeZone, startWall, policy };
      expect({ ...label, instances: iso(written) }).toEqual({
        ...label,
        instances: iso([...expected].sort((a, b) => a.start.getTime() - b.start.getTime())),
      });
      compared++;
      instances += expected.length;
    }
    process.stdout.write(
      `series in feeds: ${compared} series, ${instances} occurrences, ${policies.size} policy mixes\n`,
    );
    expect(compared).toBe(150);
    expect(instances).toBeGreaterThan(10_000);
  });

  it('writes DTSTART at the first match when the rule does not match DTSTART itself', () => {
    // Wednesday 2027-01-06 with BYDAY=FR: the first occurrence is Friday 2027-01-08, 10:00 EST.
    const entry = seriesEntryOf(series('FREQ=WEEKLY;BYDAY=FR;COUNT=3'), [], 'Court 1', WINDOW);
    expect(entry.startWall).toEqual({ year: 2027, month: 1, day: 8, hour: 10, minute: 0, second: 0 });
  });
});
