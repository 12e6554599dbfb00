import { z } from 'zod';
import { isValidTimeZone } from '@booking/time';
import { DomainError } from '../errors';

export const timeZoneName = z
  .string()
  .max(64)
  .refine(isValidTimeZone, {
    message: 'must be an IANA time zone name such as Asia/Ho_Chi_Minh',
    params: { code: 'invalid_time_zone' },
  });

export const currencyCode = z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as VND');

/** Money in minor units: whole, not negative, and exact as a JSON number. */
export const minorUnits = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const minutes = (max: number) => z.number().int().min(0).max(max);

export const opaqueId = z.string().min(1).max(128);

/** Whether year-month-day is a day of the Gregorian calendar (2026-02-30 is not). */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const DATE_FIELDS = /^(\d{4})-(\d{2})-(\d{2})/;
const TIME_FIELDS = /T(\d{2}):(\d{2})(?::(\d{2}))?/i;
const OFFSET_FIELDS = /([+-])(\d{2}):(\d{2})$/;

/**
 * Whether a date or date-time's fields are in range: a real calendar day, hours 00–23, minutes and
 * seconds 00–59, and an RFC 3339 offset (hours 00–23). `Date` would shift 2026-02-30 to March.
 */
export function hasValidDateTimeFields(text: string): boolean {
  const date = DATE_FIELDS.exec(text);
  if (!date || !isCalendarDate(Number(date[1]), Number(date[2]), Number(date[3]))) return false;
  const time = TIME_FIELDS.exec(text);
  if (time && (Number(time[1]) > 23 || Number(time[2]) > 59 || Number(time[3] ?? 0) > 59)) return false;
  const offset = OFFSET_FIELDS.exec(text.slice(10));
  return !offset || (Number(offset[2]) <= 23 && Number(offset[3]) <= 59);
}

/** A pattern-checked date or date-time whose fields are also in range. */
export const dateTimeText = (pattern: RegExp, message: string) =>
  z.string().max(40).regex(pattern, { message }).refine(hasValidDateTimeFields, {
    message: 'is not a real date and time (check the day, hour and offset)',
  });

export const rfc3339Instant = dateTimeText(
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/i,
  'must be an RFC 3339 instant with Z or an offset',
);

export const isoDate = dateTimeText(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');

export const pageQuery = z
  .object({
    cursor: z.string().max(512).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();

export interface Page<T> {
  data: T[];
  nextCursor: string | null;
}

/** Cursors are opaque to clients: base64url JSON of the last row's sort key. */
export function encodeCursor(position: Record<string, string>): string {
  return Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string, fields: string[]): Record<string, string> | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const record = parsed as Record<string, unknown>;
    return fields.every((field) => typeof record[field] === 'string')
      ? (record as Record<string, string>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** How the API writes a cursor's instant: UTC, a four-digit year, milliseconds where not zero. */
const CURSOR_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{3})?Z$/;

/**
 * A cursor's instant, only in the form the API writes it (undefined otherwise): a forged cursor
 * may carry a date `Date.parse` takes and PostgreSQL refuses, such as the year -271821.
 */
export function cursorInstant(text: string | undefined): Date | undefined {
  if (text === undefined || !CURSOR_INSTANT.test(text) || !hasValidDateTimeFields(text)) return undefined;
  return new Date(text);
}

/** The answer to a cursor this API did not give out (forged, truncated, or from another list). */
export function invalidCursor(): DomainError {
  return new DomainError('validation_failed', 'The cursor is not one this API gave out.', {
    errors: [{ path: '/cursor', message: 'unknown cursor' }],
  });
}
