import { Injectable } from '@nestjs/common';
import {
  decodeCursor,
  DomainError,
  encodeCursor,
  invalidCursor,
  type Caller,
  type Page,
  type OCCURRENCE_STATUS_VALUES,
} from '@booking/contracts';
import { expandSeries, formatUtc, type Occurrence } from '@booking/time';
import { BookingRepository } from '../../bookings/application/ports/booking.repository';
import { specOf, type Series } from '../domain/series';
import { SeriesRepository } from './ports/series.repository';

export type OccurrenceStatus = (typeof OCCURRENCE_STATUS_VALUES)[number];

/** One occurrence of a window: where it is now, and its booking once held. */
export interface ListedOccurrence extends Occurrence {
  status: OccurrenceStatus;
  bookingId: string | null;
}

const MAX_WINDOW_DAYS = 731;

/**
 * `GET /series/{id}/occurrences`: the rule expanded over the window, with its exceptions laid
 * over it: a held occurrence shows its booking (moved, if it was rescheduled; its RECURRENCE-ID
 * stays), one cancelled before it was held shows CANCELLED, one the job could not hold CONFLICT,
 * and the rest PLANNED.
 */
@Injectable()
export class SeriesOccurrences {
  constructor(
    private readonly series: SeriesRepository,
    private readonly bookings: BookingRepository,
  ) {}

  async visible(caller: Caller, seriesId: string): Promise<Series> {
    const series = await this.series.findVisible(seriesId, caller);
    if (!series) throw new DomainError('not_found', `No series ${seriesId}.`);
    return series;
  }

  async list(
    caller: Caller,
    seriesId: string,
    window: { from: Date; to: Date; cursor?: string; limit: number },
  ): Promise<{ series: Series; page: Page<ListedOccurrence> }> {
    const { to, limit } = window;
    if (to <= window.from) throw new DomainError('end_before_start', 'to must be after from.');
    if (to.getTime() - window.from.getTime() > MAX_WINDOW_DAYS * 86_400_000)
      throw new DomainError('too_long', `A window may span at most ${MAX_WINDOW_DAYS} days.`);
    const from = window.cursor === undefined ? window.from : afterCursor(window.cursor, window.from);
    const series = await this.visible(caller, seriesId);
    const expanded = expandSeries(specOf(series), from, to, limit + 1).occurrences;
    const planned = expanded.slice(0, limit);
    const last = planned[planned.length - 1];
    const nextCursor =
      expanded.length > limit && last ? encodeCursor({ after: formatUtc(last.recurrenceId) }) : null;
    const held = new Map(
      (await this.bookings.findBySeries(seriesId, { start: from, end: to })).map((booking) => [
        booking.recurrenceId!.getTime(),
        booking,
      ]),
    );
    const cancelled = new Set(series.cancelledRecurrences);
    const conflicted = new Set(series.conflicts.map((conflict) => conflict.recurrenceId));
    const data = planned.map((occurrence): ListedOccurrence => {
      const booking = held.get(occurrence.recurrenceId.getTime());
      if (booking)
        return {
          recurrenceId: occurrence.recurrenceId,
          ...booking.period,
          status: booking.status,
          bookingId: booking.bookingId,
        };
      const id = formatUtc(occurrence.recurrenceId);
      const status =
        cancelled.has(id) || series.status === 'CANCELLED'
          ? 'CANCELLED'
          : conflicted.has(id)
            ? 'CONFLICT'
            : 'PLANNED';
      return { ...occurrence, status, bookingId: null };
    });
    return { series, page: { data, nextCursor } };
  }
}

/** Where the page after a cursor starts: just after the RECURRENCE-ID it names, inside the window. */
function afterCursor(cursor: string, from: Date): Date {
  const after = decodeCursor(cursor, ['after'])?.['after'];
  const instant = after === undefined ? Number.NaN : Date.parse(after);
  if (Number.isNaN(instant) || instant < from.getTime()) throw invalidCursor();
  return new Date(instant + 1);
}
