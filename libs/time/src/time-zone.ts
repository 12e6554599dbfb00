import { IANAZone } from 'luxon';

// Offsets posing as zones ("UTC+8", "+07:00", "GMT-5") are refused: a zone has DST rules, an
// offset has none, and accepting one would silently book the wrong time after a change.
const OFFSET_LIKE = /^(?:[+-]|(?:UTC|GMT|UT)\s*[+-]|(?:UTC|GMT|UT)\d)/i;

/** An IANA zone name the runtime's tz database knows (`Asia/Ho_Chi_Minh`, `UTC`, `Etc/GMT+7`). */
export function isValidTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 64 || OFFSET_LIKE.test(name)) return false;
  return IANAZone.isValidZone(name);
}
