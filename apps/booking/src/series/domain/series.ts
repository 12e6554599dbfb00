import type { Contact } from '@booking/contracts';
import {
  parseRule,
  type MissingDayPolicy,
  type NonexistentPolicy,
  type SeriesSpec,
  type WallTime,
} from '@booking/time';

export type SeriesStatus = 'ACTIVE' | 'CANCELLED';

/** An occurrence that could not be held when its time came, kept on the series. */
export interface SeriesConflict {
  recurrenceId: string;
  start: string;
  end: string;
  reason: 'slot_unavailable' | 'nonexistent_local_time';
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
  createdAt: Date;
  updatedAt: Date;
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
