import { IANAZone } from 'luxon';

// Offsets posing as zones ("UTC+8", "+07:00", "GMT-5") are refused: a zone has DST rules, an
// offset has none, and accepting one would silently book the wrong time after a change.
const OFFSET_LIKE = /^(?:[+-]|(?:UTC|GMT|UT)\s*[+-]|(?:UTC|GMT|UT)\d)/i;

// luxon builds an Intl.DateTimeFormat for every check, which costs more than the rest of a request;
// the answer for a name never changes while the process runs. Bounded: names are at most 64 chars
// and only the first 1,000 distinct ones are remembered.
const known = new Map<string, boolean>();

/** An IANA zone name the runtime's tz database knows (`Asia/Ho_Chi_Minh`, `UTC`, `Etc/GMT+7`). */
export function isValidTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 64 || OFFSET_LIKE.test(name)) return false;
  const cached = known.get(name);
  if (cached !== undefined) return cached;
  const valid = IANAZone.isValidZone(name);
  if (known.size < 1_000) known.set(name, valid);
  return valid;
}
