import { DateTime } from 'luxon';

/** The viewer's zone as the browser knows it. */
export const detectedZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const knownZones = (): string[] => Intl.supportedValuesOf('timeZone');

/** An instant as a person reads it in `zone`, with the zone's abbreviation or offset. */
export function formatInstant(instant: string, zone: string, locale: string): string {
  return DateTime.fromISO(instant, { zone }).setLocale(locale).toLocaleString({
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}

/** A `datetime-local` value read in `zone`, as an RFC 3339 instant (UTC). */
export function wallTimeToInstant(local: string, zone: string): string | undefined {
  const time = DateTime.fromISO(local, { zone });
  return time.isValid ? time.toUTC().toISO({ suppressMilliseconds: true }) : undefined;
}

/** A `datetime-local` value for an instant in `zone`. */
export function instantToWallTime(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone }).toFormat("yyyy-LL-dd'T'HH:mm");
}

/** Whole minutes and seconds left until `deadline`, never negative. */
export function timeLeft(deadline: string, now: number): { minutes: number; seconds: number } {
  const left = Math.max(0, Math.floor((Date.parse(deadline) - now) / 1000));
  return { minutes: Math.floor(left / 60), seconds: left % 60 };
}

/** The Monday starting this week in `zone` (the zone comes from the IANA list, so it is valid). */
export function thisMonday(zone: string): DateTime<true> {
  return DateTime.now().setZone(zone).startOf('week') as DateTime<true>;
}
