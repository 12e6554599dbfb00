import { Injectable } from '@nestjs/common';
import {
  cursorInstant,
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
import { hasOccurrenceFrom, seriesSpan, specOf, type Series } from '../domain/series';
import { SeriesRepository } from './ports/series.repository';

export type OccurrenceStatus = (typeof OCCURRENCE_STATUS_VALUES)[number];

/** How much of the rule's time one page walks at the most. */
const PAGE_SPAN_MS = 10 * 365 * 86_400_000;

/** One occurrence of a window: where it is now, and its booking once held. */
export interface ListedOccurrence extends Occurrence {
  status: OccurrenceStatus;
  bookingId: string | null;
}

/**
 * `GET /series/{id}/occurrences`: the rule expanded over the window (the whole series unless one
 * is asked for), a page at a time, with its exceptions laid over it: a held occurrence shows its booking (moved, if it was rescheduled; its RECURRENCE-ID
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
    series: Series,
    window: { from?: Date; to?: Date; cursor?: string; limit: number },
  ): Promise<Page<ListedOccurrence>> {
    const { seriesId } = series;
    const span = seriesSpan(series);
    const { limit } = window;
    const to = window.to ?? span.to;
    const start = window.from ?? span.from;
    if (to <= start) throw new DomainError('end_before_start', 'to must be after from.');
    const from = window.cursor === undefined ? start : afterCursor(window.cursor, start);
    // A page walks at most a decade of the rule, on a whole second: a rule that rarely matches
    // (Feb 29 of a daily rule) answers a page with fewer occurrences and a cursor, not a century's walk.
    const walked = new Date(
      Math.min(to.getTime(), Math.floor((from.getTime() + PAGE_SPAN_MS) / 1000) * 1000),
    );
    const expanded = expandSeries(specOf(series), from, walked, limit + 1).occurrences;
    const planned = expanded.slice(0, limit);
    const last = planned[planned.length - 1];
    const resumeAfter =
      expanded.length > limit && last
        ? last.recurrenceId
        : walked < to && hasOccurrenceFrom(series, walked)
          ? new Date(walked.getTime() - 1000)
          : null;
    const nextCursor = resumeAfter ? encodeCursor({ after: formatUtc(resumeAfter) }) : null;
    const held = new Map(
      (await this.bookings.findBySeries(seriesId, { start: from, end: walked })).map((booking) => [
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
    return { data, nextCursor };
  }
}

/** Where the page after a cursor starts: just after the RECURRENCE-ID it names, inside the window. */
function afterCursor(cursor: string, from: Date): Date {
  const after = cursorInstant(decodeCursor(cursor, ['after'])?.['after']);
  if (!after || after < from) throw invalidCursor();
  return new Date(after.getTime() + 1);
}
