import { DateTime } from 'luxon';
import { isValidTimeZone } from './time-zone';
import { instantsForWall, offsetAt } from './zone-offset';

export type Disambiguation = 'earlier' | 'later';

export interface Candidate {
  /** RFC 3339 UTC. */
  instant: string;
  /** The same moment as wall-clock time with its offset in the zone. */
  local: string;
  offset: string;
}

export type ResolvedInstant =
  | { ok: true; instant: Date }
  | { ok: false; code: 'invalid_time_zone'; zone: string }
  | { ok: false; code: 'invalid_format'; input: string }
  | { ok: false; code: 'time_zone_required'; input: string }
  | { ok: false; code: 'nonexistent_local_time'; input: string; zone: string }
  | {
      ok: false;
      code: 'ambiguous_local_time';
      input: string;
      zone: string;
      candidates: [Candidate, Candidate];
    }
  | { ok: false; code: 'offset_mismatch'; input: string; zone: string; validOffsets: string[] };

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})?$/i;

/**
 * Turns a moment in a request into an instant, by the API's rules (docs/api.md): `Z` is exact; an offset
 * must be one the zone has at that wall time; a bare wall time is resolved in the zone, and is
 * refused when it falls in a DST gap or, unless `disambiguation` says which, in an overlap.
 * luxon alone would shift a gap silently and pick an overlap's offset by today's date.
 */
export function resolveInstant(
  input: string,
  zone?: string,
  disambiguation?: Disambiguation,
): ResolvedInstant {
  const match = RFC3339.exec(input);
  if (!match) return { ok: false, code: 'invalid_format', input };
  if (zone !== undefined && !isValidTimeZone(zone)) return { ok: false, code: 'invalid_time_zone', zone };
  const [, year, month, day, hour, minute, second = '0', fraction = '0', offset] = match;
  const fields = {
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: Number(hour),
    minute: Number(minute),
    second: Number(second),
    millisecond: Number(fraction.padEnd(3, '0').slice(0, 3)),
  };
  if (offset?.toUpperCase() === 'Z') {
    const utc = DateTime.fromObject(fields, { zone: 'UTC' });
    return utc.isValid ? { ok: true, instant: utc.toJSDate() } : { ok: false, code: 'invalid_format', input };
  }
  if (offset) {
    const fixed = DateTime.fromObject(fields, { zone: `UTC${offset}` });
    if (!fixed.isValid) return { ok: false, code: 'invalid_format', input };
    if (zone === undefined) return { ok: true, instant: fixed.toJSDate() };
    const valid = possibleOffsets(fields, zone);
    if (!valid.includes(fixed.offset)) {
      return { ok: false, code: 'offset_mismatch', input, zone, validOffsets: valid.map(formatOffset) };
    }
    return { ok: true, instant: fixed.toJSDate() };
  }
  if (zone === undefined) return { ok: false, code: 'time_zone_required', input };
  const candidates = wallTimeCandidates(fields, zone);
  if (candidates === 'invalid') return { ok: false, code: 'invalid_format', input };
  if (candidates.length === 0) return { ok: false, code: 'nonexistent_local_time', input, zone };
  if (candidates.length === 1) return { ok: true, instant: candidates[0]!.toJSDate() };
  const [earlier, later] = candidates as [DateTime, DateTime];
  if (disambiguation === 'earlier') return { ok: true, instant: earlier.toJSDate() };
  if (disambiguation === 'later') return { ok: true, instant: later.toJSDate() };
  return {
    ok: false,
    code: 'ambiguous_local_time',
    input,
    zone,
    candidates: [describe(earlier), describe(later)],
  };
}

type WallFields = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
};

/**
 * Every instant that shows this wall time in the zone, earlier first: none in a gap, two in an
 * overlap. A date that does not exist (Feb 30) or an unknown zone is 'invalid'.
 */
export function wallTimeCandidates(fields: WallFields, zone: string): DateTime[] | 'invalid' {
  const wallMillis = Date.UTC(
    fields.year,
    fields.month - 1,
    fields.day,
    fields.hour,
    fields.minute,
    fields.second,
    fields.millisecond,
  );
  const calendar = new Date(wallMillis);
  const real =
    fields.month >= 1 &&
    fields.month <= 12 &&
    calendar.getUTCDate() === fields.day &&
    calendar.getUTCHours() === fields.hour &&
    calendar.getUTCMinutes() === fields.minute &&
    fields.second < 60 &&
    fields.year >= 1 &&
    isValidTimeZone(zone);
  if (!real) return 'invalid';
  return instantsForWall(zone, wallMillis).map((instant) => DateTime.fromMillis(instant, { zone }));
}

function possibleOffsets(fields: WallFields, zone: string): number[] {
  const candidates = wallTimeCandidates(fields, zone);
  return candidates === 'invalid' ? [] : candidates.map((candidate) => candidate.offset);
}

function describe(moment: DateTime): Candidate {
  return {
    instant: formatUtc(moment.toJSDate()),
    local: formatLocal(moment.toJSDate(), moment.zoneName ?? 'UTC'),
    offset: formatOffset(moment.offset),
  };
}

export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** RFC 3339 UTC, whole seconds unless the instant has milliseconds. */
export function formatUtc(instant: Date): string {
  return instant.toISOString().replace('.000Z', 'Z');
}

/** From here on every zone's offset is whole minutes (Monrovia's -00:44:30 ended in 1972). */
const WHOLE_MINUTE_OFFSETS_FROM = Date.UTC(1980, 0, 1);
const LAST_FOUR_DIGIT_YEAR = Date.UTC(9999, 0, 1);

/** RFC 3339 wall-clock time with the zone's offset at that instant: `2026-11-01T01:30:00-05:00`. */
export function formatLocal(instant: Date, zone: string): string {
  const millis = instant.getTime();
  // Region/City zones from 1980 on take the cached formatter's offset: a month of 5-minute slots
  // formats 18,000 of these, and luxon's DateTime made that most of the request. Names without a
  // slash (`UTC` prints `Z`), older dates and far years keep luxon's exact output.
  if (!zone.includes('/') || !(millis >= WHOLE_MINUTE_OFFSETS_FROM && millis < LAST_FOUR_DIGIT_YEAR))
    return DateTime.fromJSDate(instant, { zone }).toISO({ suppressMilliseconds: true, includeOffset: true })!;
  const offset = offsetAt(zone, millis);
  const wall = new Date(millis + offset * 60_000).toISOString();
  return `${wall.endsWith('.000Z') ? wall.slice(0, 19) : wall.slice(0, 23)}${formatOffset(offset)}`;
}
