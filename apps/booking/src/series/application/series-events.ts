import type { TopicNames } from '@booking/contracts';
import type { OutboxEvent } from '@booking/outbox';
import { formatWall } from '@booking/time';
import type { Series } from '../domain/series';

/**
 * `series.changed`: the series as it is after a change (made, an occurrence cancelled before it
 * was held, a conflict found, ended, cancelled), so a consumer can draw it without calling back.
 */
export function seriesChanged(topics: TopicNames, series: Series): OutboxEvent {
  return {
    topic: topics.series,
    type: 'series.changed',
    subject: series.seriesId,
    data: {
      seriesId: series.seriesId,
      resourceId: series.resourceId,
      customerId: series.customerId,
      status: series.status,
      rrule: series.rrule,
      timeZone: series.timeZone,
      startLocal: formatWall(series.startWall),
      endLocal: formatWall(series.endWall),
      cancelledRecurrences: series.cancelledRecurrences,
      conflictRecurrences: series.conflicts.map((conflict) => conflict.recurrenceId),
      onMissingDay: series.onMissingDay,
      onNonexistent: series.onNonexistent,
      disambiguation: series.disambiguation,
      version: series.version,
    },
  };
}
