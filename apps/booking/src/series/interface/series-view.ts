import type { BookingView } from '@booking/contracts';
import { formatLocal, formatUtc, formatWall } from '@booking/time';
import type { ListedOccurrence, OccurrenceStatus } from '../application/series-occurrences.usecase';
import type { Series } from '../domain/series';

export interface SeriesView {
  seriesId: string;
  resourceId: string;
  customerId: string;
  rrule: string;
  timeZone: string;
  /** The first occurrence's wall-clock start and end, as the rule keeps them. */
  startLocal: string;
  endLocal: string;
  onMissingDay: string;
  onNonexistent: string;
  disambiguation: string;
  status: string;
  heldUntil: string;
  conflicts: Series['conflicts'];
  createdAt: string;
}

export function toSeriesView(series: Series): SeriesView {
  return {
    seriesId: series.seriesId,
    resourceId: series.resourceId,
    customerId: series.customerId,
    rrule: series.rrule,
    timeZone: series.timeZone,
    startLocal: formatWall(series.startWall),
    endLocal: formatWall(series.endWall),
    onMissingDay: series.onMissingDay,
    onNonexistent: series.onNonexistent,
    disambiguation: series.disambiguation,
    status: series.status,
    heldUntil: formatUtc(series.heldUntil),
    conflicts: series.conflicts,
    createdAt: formatUtc(series.createdAt),
  };
}

export interface OccurrenceView {
  recurrenceId: string;
  start: string;
  end: string;
  startLocal: string;
  endLocal: string;
  status: OccurrenceStatus;
  bookingId: string | null;
}

export function occurrenceView(occurrence: ListedOccurrence, zone: string): OccurrenceView {
  const { status, bookingId } = occurrence;
  return {
    recurrenceId: formatUtc(occurrence.recurrenceId),
    start: formatUtc(occurrence.start),
    end: formatUtc(occurrence.end),
    startLocal: formatLocal(occurrence.start, zone),
    endLocal: formatLocal(occurrence.end, zone),
    status,
    bookingId,
  };
}

export interface CreatedSeriesView {
  seriesId: string;
  rrule: string;
  timeZone: string;
  occurrences: BookingView[];
}
