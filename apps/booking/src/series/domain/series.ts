import type { Contact } from '@booking/contracts';
import {
  parseRule,
  untilBound,
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
/** The longest a period of each frequency can be, in days (a month of 31, a year of 366). */
const LONGEST_PERIOD_DAYS: Record<string, number> = { DAILY: 1, WEEKLY: 7, MONTHLY: 31, YEARLY: 366 };

/**
 * A bound no occurrence of a COUNT or UNTIL rule starts after (null: the rule has no end): UNTIL
 * itself, or COUNT × INTERVAL of the longest periods from DTSTART. Loose on purpose: it only has to
 * tell the job when nothing can be left to hold.
 */
export function lastPossibleStart(series: Pick<Series, 'rrule' | 'startWall'>): Date | null {
  const rule = parseRule(series.rrule);
  const until = untilBound(rule);
  if (until) return until;
  const { parts } = rule;
  const count = Number(parts['COUNT'] ?? 0);
  if (count === 0) return null;
  const { year, month, day } = series.startWall;
  const periods = (count + 1) * Number(parts['INTERVAL'] ?? 1);
  return new Date(
    Date.UTC(year, month - 1, day) + (periods * LONGEST_PERIOD_DAYS[parts['FREQ']!]! + 2) * DAY_MS,
  );
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
