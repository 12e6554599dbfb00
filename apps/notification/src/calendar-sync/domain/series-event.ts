import type { EventData } from '@booking/contracts';
import { seriesEventId } from '@booking/ics';
import {
  formatWall,
  parseRule,
  parseWall,
  wallToInstant,
  writtenSeries,
  type SeriesSpec,
  type WallTime,
  type WrittenSeries,
} from '@booking/time';
import type { BookingSnapshot } from '../../notifications/domain/notification';
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
  onMissingDay: SeriesSpec['onMissingDay'];
  onNonexistent: SeriesSpec['onNonexistent'];
  disambiguation: SeriesSpec['disambiguation'];
  version: number;
}

/** A series.changed as kept; events from before the policies travelled meant the defaults. */
export function seriesSnapshotOf(data: EventData<'series.changed'>): SeriesSnapshot {
  return {
    seriesId: data.seriesId,
    resourceId: data.resourceId,
    status: data.status,
    rrule: data.rrule,
    timeZone: data.timeZone,
    startLocal: data.startLocal,
    endLocal: data.endLocal,
    cancelledRecurrences: data.cancelledRecurrences,
    conflictRecurrences: data.conflictRecurrences,
    onMissingDay: data.onMissingDay ?? 'clamp',
    onNonexistent: data.onNonexistent ?? 'reject',
    disambiguation: data.disambiguation ?? 'earlier',
    version: data.version,
  };
}

/** A time as Calendar API v3 takes it: an instant with its offset, or a wall time in `timeZone`. */
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

/** One instance written at its own times: moved, or pinned near a DST change. */
export interface SeriesException {
  instanceId: string;
  start: EventTime;
  end: EventTime;
}

export type DesiredSeries =
  | { kind: 'absent'; id: string }
  | { kind: 'present'; event: GoogleSeriesBody; exceptions: SeriesException[] };

const SHOWN = new Set<string>(SHOWN_STATUSES);
const DAY_MS = 86_400_000;
/**
 * The span around now in which a series' differences from its rule are written, to Google and in
 * invitations: a month back, two years on.
 */
export const SERIES_SPAN = { pastDays: 30, futureDays: 731 } as const;

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

/** The series' rule and times as the time engine takes them. */
export function specOfSnapshot(series: SeriesSnapshot): SeriesSpec {
  return {
    rule: parseRule(series.rrule),
    start: parseWall(series.startLocal)!,
    end: parseWall(series.endLocal)!,
    zone: series.timeZone,
    onMissingDay: series.onMissingDay,
    onNonexistent: series.onNonexistent,
    disambiguation: series.disambiguation,
  };
}

/**
 * Pure: a series as one recurring event, written from the platform's own expansion as feeds and
 * invitations are (`writtenSeries`): DTSTART the rule's first match as a wall time in the zone,
 * RRULE, RDATE and EXDATE lines over wall times, and an instance patch for every occurrence
 * moved, or pinned near a DST change, named by the instant RFC 5545 reads its RECURRENCE-ID as.
 * Occurrences not taking place (cancelled, never held, not confirmed) are EXDATEs; those the rule
 * has and nobody holds yet are shown: they are planned. A cancelled series' event is removed.
 */
export function desiredSeries(
  series: SeriesSnapshot,
  occurrences: readonly BookingSnapshot[],
  now: Date,
): DesiredSeries {
  const id = googleSeriesId(series.seriesId);
  if (series.status === 'CANCELLED') return { kind: 'absent', id };
  const zone = series.timeZone;
  const written = writtenSeriesOf(series, occurrences, now);
  const at = (instant: Date) => eventTime(instant, zone);
  const firstStart = rfcInstant(written.startWall, zone);
  return {
    kind: 'present',
    event: {
      id,
      status: 'confirmed',
      summary: `Series ${series.seriesId.slice(0, 8)}`,
      description: `Recurring booking ${series.seriesId}`,
      // A wall time, read in the zone as the rule's instances are; the end is DTSTART plus the exact duration.
      start: { dateTime: formatWall(written.startWall), timeZone: zone },
      end: at(new Date(firstStart.getTime() + written.durationMs)),
      recurrence: recurrenceLines(written, zone),
      extendedProperties: { private: { seriesId: series.seriesId, version: String(series.version) } },
    },
    exceptions: written.overrides.map((override) => ({
      instanceId: instanceId(id, rfcInstant(override.recurrenceWall, zone)),
      start: at(override.start),
      end: at(override.end),
    })),
  };
}

/**
 * The series as every calendar is given it (`writtenSeries`), from the kept view and its
 * occurrences' views: an occurrence takes place while it shows in the host's calendar (a series
 * takes no deposit, so its occurrences are confirmed from the start). Differences from the rule
 * are written for the span around `now` of `SERIES_SPAN`.
 */
export function writtenSeriesOf(
  series: SeriesSnapshot,
  occurrences: readonly BookingSnapshot[],
  now: Date,
): WrittenSeries {
  const window = {
    from: new Date(now.getTime() - SERIES_SPAN.pastDays * DAY_MS),
    to: new Date(now.getTime() + SERIES_SPAN.futureDays * DAY_MS),
  };
  const held = occurrences
    .filter((occurrence) => occurrence.recurrenceId)
    .map((occurrence) => ({
      recurrenceId: occurrence.recurrenceId!,
      start: occurrence.start,
      end: occurrence.end,
      takesPlace: SHOWN.has(occurrence.status),
      sequence: occurrence.calendarSequence,
    }));
  const skipped = [...series.cancelledRecurrences, ...series.conflictRecurrences];
  return writtenSeries(specOfSnapshot(series), skipped, held, window);
}

/** RRULE (unless the series is its dates), then RDATE and EXDATE as wall times under the zone's TZID. */
function recurrenceLines(written: WrittenSeries, zone: string): string[] {
  const dates = (name: string, walls: readonly WallTime[]) =>
    walls.length === 0 ? [] : [`${name};TZID=${zone}:${walls.map(basicWall).sort().join(',')}`];
  return [
    ...(written.rule ? [`RRULE:${written.rule}`] : []),
    ...dates('RDATE', written.rdates),
    ...dates('EXDATE', written.exdates),
  ];
}

/** The instant RFC 5545 reads a wall time as: a repeated time the earlier, a skipped one forward. */
function rfcInstant(wall: WallTime, zone: string): Date {
  return wallToInstant(wall, zone, 'earlier', 'shiftForward')!;
}

/** RFC 5545's basic form of a wall time (`20270314T023000`), from the one that writes it. */
const basicWall = (wall: WallTime) => formatWall(wall).replace(/[-:]/g, '');
