import type { Contact } from '@booking/contracts';
import {
  expandSeries,
  parseRule,
  untilBound,
  wallToInstant,
  type MissingDayPolicy,
  type NonexistentPolicy,
  type SeriesSpec,
  type WallTime,
} from '@booking/time';

/** ENDED: a COUNT or UNTIL series whose every occurrence has been held (or recorded as a conflict). */
export type SeriesStatus = 'ACTIVE' | 'ENDED' | 'CANCELLED';

/** An occurrence that could not be held when its time came, kept on the series. */
export interface SeriesConflict {
  recurrenceId: string;
  start: string;
  end: string;
  /** Why it was not held: taken, in a DST gap, or refused by the rules a new hold meets. */
  reason: string;
}

/** A recurring booking: the rule and its wall-clock times, never their UTC forms. */
export interface Series {
  seriesId: string;
  resourceId: string;
  customerId: string;
  rrule: string;
  timeZone: string;
  startWall: WallTime;
  endWall: WallTime;
  onMissingDay: MissingDayPolicy;
  onNonexistent: NonexistentPolicy;
  disambiguation: 'earlier' | 'later';
  status: SeriesStatus;
  /** Every occurrence starting before this has been held (or recorded as a conflict). */
  heldUntil: Date;
  /** RECURRENCE-IDs (UTC) cancelled before they were held: the job skips them. */
  cancelledRecurrences: string[];
  conflicts: SeriesConflict[];
  contact: Contact | null;
  /** Grows with every change of the series: series.changed carries it. */
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

const DAY_MS = 86_400_000;
/** How far ahead a series without UNTIL is looked at: a COUNT rule ends by itself, an open one never. */
const CENTURY_MS = 100 * 366 * DAY_MS;

/**
 * Where every occurrence starts: from DTSTART (its earlier reading, which no occurrence precedes)
 * to UNTIL, or a century on for a rule without one. `GET /series/{id}/occurrences` lists it by
 * default; pages bound the work, not the window.
 */
export function seriesSpan(series: Series): { from: Date; to: Date } {
  const from = wallToInstant(series.startWall, series.timeZone, 'earlier', 'shiftForward')!;
  const until = untilBound(parseRule(series.rrule));
  // UNTIL is inclusive; the span, like every window, is not.
  return { from, to: new Date(until ? until.getTime() + 1 : from.getTime() + CENTURY_MS) };
}

/**
 * Whether a COUNT or UNTIL series has an occurrence starting at `from` or later (an open-ended one
 * always has). Found by expanding up to the first such occurrence, not by counting periods: a rule
 * that skips most of them (Feb 29 with `skip`) ends years after COUNT periods would say.
 */
export function hasOccurrenceFrom(series: Series, from: Date): boolean {
  const rule = parseRule(series.rrule);
  if (!rule.parts['COUNT'] && !untilBound(rule)) return true;
  const { to } = seriesSpan(series);
  if (to <= from) return false;
  const later = expandSeries(specOf(series), from, to, 1);
  return later.occurrences.length > 0 || later.nonexistent.length > 0;
}

/**
 * What the time engine expands a stored series with. Under `reject`, an occurrence in a DST gap
 * is reported apart and never listed, so views, exceptions and the job can all use this as is.
 */
export function specOf(series: Series): SeriesSpec {
  return {
    rule: parseRule(series.rrule),
    start: series.startWall,
    end: series.endWall,
    zone: series.timeZone,
    onMissingDay: series.onMissingDay,
    onNonexistent: series.onNonexistent,
    disambiguation: series.disambiguation,
  };
}
