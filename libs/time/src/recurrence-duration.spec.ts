import { bruteForceExpand } from '../test/brute-force-recurrence';
import { transitions, zonesWithDst } from '../test/zone-transitions';
import { expandSeries } from './recurrence';
import { parseRule } from './recurrence-rule';
import { floatingToWall } from './wall-clock';

/**
 * RFC 5545 §3.8.5.3's duration rule at every DST change 2026–2036 in every zone that has one: a
 * daily series whose fourth occurrence starts just before (or inside) the change and lasts past
 * it. The oracle is the brute-force expander (Intl alone, no rrule.js, no library zone code),
 * and each occurrence must also last exactly as long, in real time, as the first.
 */
const MINUTE = 60_000;
const DAY = 86_400_000;
const FROM = Date.UTC(2026, 0, 1);
const TO = Date.UTC(2037, 0, 1);
const RULE = 'FREQ=DAILY;COUNT=7';

const wallOf = (wallMillis: number) => floatingToWall(new Date(wallMillis));

/** Start 30 minutes before the change (crossing it), or 15 minutes into the wall time it skips or repeats. */
const VARIANTS = [
  { startMinutes: -30, durationMinutes: 90, disambiguation: 'earlier' },
  { startMinutes: -30, durationMinutes: 150, disambiguation: 'later' },
  { startMinutes: 15, durationMinutes: 60, disambiguation: 'earlier' },
  { startMinutes: 15, durationMinutes: 60, disambiguation: 'later' },
] as const;

describe('every occurrence lasts the first one’s exact duration, at every DST change 2026–2036', () => {
  const zones = zonesWithDst(2026, 2036);
  let series = 0;
  let crossing = 0;

  it.each(zones)('%s: as the brute-force expander, and each as long as the first', (zone) => {
    const rule = parseRule(RULE);
    for (const [index, { at, before, after }] of transitions(zone, FROM, TO).entries()) {
      // One variant per change, in turn: each zone meets all four over its ~20 changes.
      const variant = VARIANTS[index % VARIANTS.length]!;
      // Where the skipped or repeated wall time begins; DTSTART is three days earlier.
      const startWall = at + (Math.min(before, after) + variant.startMinutes) * MINUTE - 3 * DAY;
      const start = wallOf(startWall);
      const spec = {
        rule,
        start,
        end: wallOf(startWall + variant.durationMinutes * MINUTE),
        zone,
        onMissingDay: 'skip',
        onNonexistent: 'shiftForward',
        disambiguation: variant.disambiguation,
      } as const;
      const from = new Date(startWall - 2 * DAY);
      const to = new Date(startWall + 10 * DAY);
      const actual = expandSeries(spec, from, to).occurrences.map(({ start: s, end: e }) => [
        s.toISOString(),
        e.toISOString(),
      ]);
      const expected = bruteForceExpand(
        { ...spec, rule: RULE, durationMinutes: variant.durationMinutes },
        from,
        to,
      ).map(({ start: s, end: e }) => [s.toISOString(), e.toISOString()]);
      expect({ zone, start, actual }).toEqual({ zone, start, actual: expected });
      expect(actual).toHaveLength(7);
      const lengths = new Set(actual.map(([s, e]) => Date.parse(e!) - Date.parse(s!)));
      expect({ zone, start, lengths: [...lengths] }).toEqual({
        zone,
        start,
        lengths: [Date.parse(actual[0]![1]!) - Date.parse(actual[0]![0]!)],
      });
      series++;
      if (actual.some(([s, e]) => Date.parse(s!) < at && Date.parse(e!) > at)) crossing++;
    }
  });

  it('ran thousands of series, half or more with an occurrence across the change', () => {
    process.stdout.write(
      `exact durations: ${series} series in ${zones.length} zones, ${crossing} with an occurrence across a change\n`,
    );
    expect(zones.length).toBeGreaterThan(100);
    expect(series).toBeGreaterThan(2_500);
    expect(crossing).toBeGreaterThanOrEqual(series / 2);
  });
});
