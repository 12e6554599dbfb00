import type { OccurrenceView, SeriesView } from '@booking/contracts';
import { formatLocal, formatUtc, formatWall } from '@booking/time';
import type { ListedOccurrence } from '../application/series-occurrences.usecase';
import type { Series } from '../domain/series';

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
