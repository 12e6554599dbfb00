import { DateTime } from 'luxon';
import type { BookingSnapshot } from '../../notifications/domain/notification';
import { seriesEventId } from '@booking/ics';
import { eventTime, SHOWN_STATUSES } from './google-event';

/** What this service keeps of a series, from its latest series.changed. */
export interface SeriesSnapshot {
  seriesId: string;
  resourceId: string;
  status: 'ACTIVE' | 'ENDED' | 'CANCELLED';
  rrule: string;
  timeZone: string;
  /** DTSTART and its end as wall times in the zone: `YYYY-MM-DDTHH:mm:ss`. */
  startLocal: string;
  endLocal: string;
  cancelledRecurrences: string[];
  conflictRecurrences: string[];
  version: number;
}

type EventTime = { dateTime: string; timeZone: string };

export interface GoogleSeriesBody {
  id: string;
  status: 'confirmed';
  summary: string;
  description: string;
  start: EventTime;
  end: EventTime;
  recurrence: string[];
  extendedProperties: { private: { seriesId: string; version: string } };
}

/** One occurrence that is not as the rule says: taken out, or moved. */
export type SeriesException =
  | { instanceId: string; change: 'cancelled' }
  | { instanceId: string; change: 'moved'; start: EventTime; end: EventTime };

export type DesiredSeries =
  | { kind: 'absent'; id: string }
  | { kind: 'present'; event: GoogleSeriesBody; exceptions: SeriesException[] };

const SHOWN = new Set<string>(SHOWN_STATUSES);

/** The recurring event's id: derived like a booking's, from the series id. */
export function googleSeriesId(seriesId: string): string {
  return seriesEventId(seriesId);
}

/** Google's id of one instance: the recurring event's id and the original start, basic UTC. */
export function instanceId(eventId: string, recurrenceId: Date | string): string {
  const basic = new Date(recurrenceId)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
  return `${eventId}_${basic}`;
}

/**
 * Pure: a series as one recurring event (its RRULE over wall times in the resource's zone, as
 * RFC 5545 and Google read it), with an exception per occurrence that differs from the rule:
 * cancelled before or after it was held, not held for a conflict, or moved. A cancelled series'
 * event is removed. Occurrences the rule has and nobody holds yet are shown: they are planned.
 */
export function desiredSeries(
  series: SeriesSnapshot,
  occurrences: readonly BookingSnapshot[],
): DesiredSeries {
  const id = googleSeriesId(series.seriesId);
  if (series.status === 'CANCELLED') return { kind: 'absent', id };
  const at = (instant: Date) => eventTime(instant, series.timeZone);
  const wall = (local: string) => at(DateTime.fromISO(local, { zone: series.timeZone }).toJSDate());
  const start = wall(series.startLocal);
  const end = wall(series.endLocal);
  const duration = Date.parse(end.dateTime) - Date.parse(start.dateTime);
  const cancelled = new Set([...series.cancelledRecurrences, ...series.conflictRecurrences].map(toIso));
  const exceptions: SeriesException[] = [];
  for (const occurrence of occurrences) {
    if (!occurrence.recurrenceId) continue;
    const original = occurrence.recurrenceId.toISOString();
    if (!SHOWN.has(occurrence.status)) cancelled.add(original);
    else if (
      occurrence.start.getTime() !== occurrence.recurrenceId.getTime() ||
      occurrence.end.getTime() - occurrence.start.getTime() !== duration
    )
      exceptions.push({
        instanceId: instanceId(id, original),
        change: 'moved',
        start: at(occurrence.start),
        end: at(occurrence.end),
      });
  }
  for (const original of [...cancelled].sort())
    exceptions.push({ instanceId: instanceId(id, original), change: 'cancelled' });
  return {
    kind: 'present',
    event: {
      id,
      status: 'confirmed',
      summary: `Series ${series.seriesId.slice(0, 8)}`,
      description: `Recurring booking ${series.seriesId}`,
      start,
      end,
      recurrence: [`RRULE:${series.rrule}`],
      extendedProperties: { private: { seriesId: series.seriesId, version: String(series.version) } },
    },
    exceptions,
  };
}

function toIso(instant: string): string {
  return new Date(instant).toISOString();
}
