import { transitions } from '../test/zone-transitions';
import { formatLocal, wallTimeCandidates } from './resolve-instant';

/**
 * A property test over every zone the IANA database (as ICU ships it) has: each offset
 * transition 2026–2036 is found from Intl's own offsets (test/zone-transitions.ts) — not with
 * luxon, which the code under test uses — and the wall times around it are
 * checked: inside a gap none resolves, inside an overlap exactly the two instants do, and the
 * minutes just outside resolve once and round-trip.
 */
const MINUTE = 60_000;
const FROM = Date.UTC(2026, 0, 1);
const TO = Date.UTC(2037, 0, 1);

/** Wall-clock fields from "wall milliseconds": the wall time written as if it were UTC. */
function wallFields(wallMillis: number) {
  const date = new Date(wallMillis);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: 0,
    millisecond: 0,
  };
}

function instantsOf(wallMillis: number, zone: string): number[] {
  const candidates = wallTimeCandidates(wallFields(wallMillis), zone);
  if (candidates === 'invalid') throw new Error(`invalid wall time ${new Date(wallMillis).toISOString()}`);
  return candidates.map((candidate) => candidate.toMillis());
}

const ZONES = Intl.supportedValuesOf('timeZone');

describe('every IANA zone, every offset transition 2026–2036', () => {
  let checked = 0;

  it.each(ZONES)('%s: gaps are rejected, overlaps give both instants, the rest round-trips', (zone) => {
    for (const { at, before, after } of transitions(zone, FROM, TO)) {
      checked++;
      // The wall times the change skips (a gap) or repeats (an overlap): [low, high) in wall milliseconds.
      const low = at + Math.min(before, after) * MINUTE;
      const high = at + Math.max(before, after) * MINUTE;
      for (const wall of [low, low + Math.floor((high - low) / 2 / MINUTE) * MINUTE, high - MINUTE]) {
        expect(instantsOf(wall, zone)).toEqual(
          after > before ? [] : [wall - before * MINUTE, wall - after * MINUTE],
        );
      }
      // Just outside, a wall time exists once and shows itself again.
      for (const wall of [low - MINUTE, high]) {
        const instants = instantsOf(wall, zone);
        expect(instants).toHaveLength(1);
        expect(formatLocal(new Date(instants[0]!), zone).slice(0, 16)).toBe(
          new Date(wall).toISOString().slice(0, 16),
        );
      }
    }
  });

  it('checked transitions in hundreds of zones (the scan found what it should)', () => {
    expect(checked).toBeGreaterThan(1_000);
  });
});
