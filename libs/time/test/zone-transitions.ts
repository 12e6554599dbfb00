/**
 * Every offset transition of a zone, found by scanning Intl's own offsets day by day and bisecting
 * to the minute: an oracle for the tests that shares nothing with luxon or the library's zone code.
 */
const MINUTE = 60_000;
const DAY = 86_400_000;

export interface Transition {
  /** The first instant with the new offset. */
  at: number;
  /** Offsets in minutes east of UTC, before and after. */
  before: number;
  after: number;
}

export function offsetReader(zone: string): (instant: number) => number {
  const format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
  return (instant) => {
    const name = format.formatToParts(instant).find((part) => part.type === 'timeZoneName')!.value;
    const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
    return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  };
}

export function transitions(zone: string, from: number, to: number): Transition[] {
  const offsetAt = offsetReader(zone);
  const found: Transition[] = [];
  let previous = offsetAt(from);
  for (let day = from + DAY; day <= to; day += DAY) {
    const current = offsetAt(day);
    if (current === previous) continue;
    let low = day - DAY;
    let high = day;
    while (high - low > MINUTE) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
      if (offsetAt(middle) === previous) low = middle;
      else high = middle;
    }
    found.push({ at: high, before: previous, after: current });
    previous = current;
  }
  return found;
}

/** Zones whose offset in January differs from July's in some year of `[fromYear, toYear]`: those with DST. */
export function zonesWithDst(fromYear: number, toYear: number): string[] {
  return Intl.supportedValuesOf('timeZone').filter((zone) => {
    const offsetAt = offsetReader(zone);
    for (let year = fromYear; year <= toYear; year++)
      if (offsetAt(Date.UTC(year, 0, 1)) !== offsetAt(Date.UTC(year, 6, 1))) return true;
    return false;
  });
}
