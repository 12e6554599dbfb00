const formatters = new Map<string, Intl.DateTimeFormat>();

/** en-US numeric: `1/15/2027, 09:00:00`. */
const FIELDS = /^(\d+)\/(\d+)\/(\d+),? (\d+):(\d+):(\d+)$/;

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/**
 * The zone's UTC offset in minutes at an instant, straight from the IANA data in ICU. One cached
 * formatter per zone: several times cheaper than building luxon DateTimes, which is what made
 * a month of slots cost more than 2 ms.
 */
export function offsetAt(zone: string, instant: number): number {
  // `format` and a regex: measured 7× cheaper than formatToParts (≈1 µs a call).
  const match = FIELDS.exec(formatterOf(zone).format(instant))!;
  const [month, day, year, hour, minute, second] = match.slice(1).map((part) => Number(part)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  return Math.round((wall - Math.floor(instant / 1000) * 1000) / 60_000);
}

const DAY = 86_400_000;

/**
 * Every instant showing this wall time in the zone, earlier first: none in a gap, two in an
 * overlap. `wallMillis` is the wall time written as if it were UTC. The offsets a day either side
 * are the only ones that can apply (no zone changes twice within two days), and each candidate is
 * kept only if the zone really has that offset then.
 */
export function instantsForWall(zone: string, wallMillis: number): number[] {
  const before = offsetAt(zone, wallMillis - DAY);
  const after = offsetAt(zone, wallMillis + DAY);
  // The same offset on both sides: no change nearby, so the wall time exists exactly once.
  if (before === after) return [wallMillis - before * 60_000];
  const candidates: number[] = [];
  for (const offset of [before, after]) {
    const candidate = wallMillis - offset * 60_000;
    if (offsetAt(zone, candidate) === offset) candidates.push(candidate);
  }
  return candidates.sort((a, b) => a - b);
}

/** Whether the wall time an instant shows in the zone shows twice (a fall-back overlap). */
export function wallTimeRepeats(instant: Date, zone: string): boolean {
  const millis = instant.getTime();
  return instantsForWall(zone, millis + offsetAt(zone, millis) * 60_000).length > 1;
}
