/**
 * The time engine, pure and in-process: slots for a provider over a month and 90 days with 500
 * (and 5,000) bookings, a weekly series over 10 years, and window queries on a series that began
 * 10 years ago, with and without re-anchoring. Targets: a month of slots ≤ 2 ms; cost growing
 * with bookings no faster than linearly.
 */
import { performance } from 'node:perf_hooks';
import { DateTime } from 'luxon';
import { RRule } from 'rrule';
import {
  expandSeries,
  formatLocal,
  parseRule,
  resourceSlots,
  type Interval,
  type ResourceSlotsQuery,
} from '@booking/time';
import { fmt, percentile, printTable } from './stats';

const DAY = 86_400_000;
const START = Date.UTC(2027, 0, 4, 14); // 09:00 New York

function measure(run: () => unknown, iterations: number): { median: number; p99: number } {
  for (let i = 0; i < Math.min(50, iterations); i++) run(); // warm-up: JIT and luxon's caches
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const began = performance.now();
    run();
    samples.push(performance.now() - began);
  }
  return { median: percentile(samples, 50), p99: percentile(samples, 99) };
}

/** `count` half-hour bookings spread over the 90 days, inside business hours. */
function bookings(count: number): Interval[] {
  return Array.from({ length: count }, (_, index) => {
    const day = index % 90;
    const slot = Math.floor(index / 90) % 16;
    const start = START + day * DAY + slot * 30 * 60_000;
    return { start: new Date(start), end: new Date(start + 30 * 60_000) };
  });
}

const provider: ResourceSlotsQuery['resource'] = {
  timeZone: 'America/New_York',
  businessHours: {
    weekly: {
      1: [
        ['09:00', '12:00'],
        ['13:00', '17:00'],
      ],
      2: [['09:00', '17:00']],
      3: [['09:00', '17:00']],
      4: [['09:00', '17:00']],
      5: [['09:00', '15:00']],
    },
  },
  slotMinutes: 15,
  minNoticeMinutes: 60,
  bufferBeforeMinutes: 5,
  bufferAfterMinutes: 10,
};

function slotsOver(days: number, busy: Interval[]) {
  const last = new Date(START + (days - 1) * DAY).toISOString().slice(0, 10);
  return () =>
    resourceSlots({
      resource: provider,
      fromDate: '2027-01-04',
      toDate: last,
      viewerTimeZone: 'Asia/Tokyo',
      durationMinutes: 30,
      busy,
      now: new Date('2027-01-01T00:00:00Z'),
    });
}

const month500 = measure(slotsOver(30, bookings(500)), 2_000);
const days90With500 = measure(slotsOver(90, bookings(500)), 1_000);
const days90With5000 = measure(slotsOver(90, bookings(5_000)), 1_000);
const slotCount = slotsOver(90, bookings(500))().length;

const weekly = {
  rule: parseRule('FREQ=WEEKLY;BYDAY=MO,WE'),
  start: { year: 2016, month: 1, day: 4, hour: 9, minute: 0 },
  end: { year: 2016, month: 1, day: 4, hour: 10, minute: 0 },
  zone: 'America/New_York',
  onMissingDay: 'clamp' as const,
  onNonexistent: 'skip' as const,
  disambiguation: 'earlier' as const,
};
const tenYears = measure(
  () => expandSeries(weekly, new Date('2016-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z')),
  200,
);
const tenYearCount = expandSeries(weekly, new Date('2016-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z'))
  .occurrences.length;
const windowFrom = new Date('2026-03-01T00:00:00Z');
const windowTo = new Date('2026-04-01T00:00:00Z');
const anchoredWindow = measure(() => expandSeries(weekly, windowFrom, windowTo), 2_000);
// The same window with rrule.js walking from the 10-year-old DTSTART (what TIME-NOTES warns of).
// A new RRule each time: rrule.js caches results per instance, which would measure the cache.
const rawWindow = measure(
  () =>
    new RRule({ ...weekly.rule.options, dtstart: new Date(Date.UTC(2016, 0, 4, 9)) }).between(
      windowFrom,
      windowTo,
      true,
    ),
  500,
);

// A 31-day slot read's local times: 8,928 five-minute slots, start and end each.
const monthOfFiveMinutes = Array.from({ length: 8_928 }, (_, i) => new Date(START + i * 300_000));
const localTimes = measure(() => monthOfFiveMinutes.map((at) => formatLocal(at, 'Asia/Tokyo')), 50);
const luxonLocalTimes = measure(
  () =>
    monthOfFiveMinutes.map((at) =>
      DateTime.fromJSDate(at, { zone: 'Asia/Tokyo' }).toISO({ suppressMilliseconds: true }),
    ),
  50,
);

printTable('Time engine (pure, one core)', [
  [
    'slots, one month, 500 bookings (median / p99)',
    `${fmt(month500.median, 3)} ms / ${fmt(month500.p99, 3)} ms  (target ≤ 2 ms)`,
  ],
  ['slots, 90 days, 500 bookings', `${fmt(days90With500.median, 3)} ms  (${slotCount} slots)`],
  ['slots, 90 days, 5,000 bookings', `${fmt(days90With5000.median, 3)} ms`],
  [
    '  cost ratio for 10× bookings',
    `${fmt(days90With5000.median / days90With500.median, 2)}×  (linear would be ≤ 10×)`,
  ],
  [
    'weekly series expanded over 10 years',
    `${fmt(tenYears.median, 2)} ms  (${tenYearCount} occurrences, zone-converted)`,
  ],
  ['one-month window, series from 10 years ago', `${fmt(anchoredWindow.median, 3)} ms  (re-anchored)`],
  ['  rrule.js between() from the old DTSTART', `${fmt(rawWindow.median, 3)} ms  (no zone conversion)`],
  ['  speed-up from re-anchoring', `${fmt(rawWindow.median / anchoredWindow.median, 1)}×`],
  ['local times of a month of 5-minute slots', `${fmt(localTimes.median, 2)} ms  (8,928 instants)`],
  [
    '  the same with luxon DateTimes',
    `${fmt(luxonLocalTimes.median, 2)} ms  (${fmt(luxonLocalTimes.median / localTimes.median, 1)}× slower)`,
  ],
]);
