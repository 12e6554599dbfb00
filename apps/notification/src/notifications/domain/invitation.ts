import {
  invitationIcs,
  occurrenceInvitationIcs,
  seriesInvitationIcs,
  type Invitation,
  type SeriesCalendarEntry,
} from '@booking/ics';
import { ruleWallOf } from '@booking/time';
import {
  specOfSnapshot,
  writtenSeriesOf,
  type SeriesSnapshot,
} from '../../calendar-sync/domain/series-event';
import { FALLBACK_LANGUAGE, languageOf, renderMessage } from './message-catalogues';
import type { BookingSnapshot, NotificationKind } from './notification';

/** An email's calendar part: an iTIP method and the iCalendar text. */
export interface CalendarPart {
  method: Invitation['method'];
  content: string;
}

/** A series occurrence's series as this service keeps it, and every occurrence it holds. */
export interface SeriesView {
  series: SeriesSnapshot;
  occurrences: readonly BookingSnapshot[];
}

/** Statuses in which the booking still takes its time: an invitation to it still stands. */
const STANDING = new Set(['CONFIRMED', 'IN_PROGRESS']);

/** The kinds whose email carries a calendar, and what it asks of the recipient's calendar. */
const METHOD_OF: Partial<Record<NotificationKind, Invitation['method']>> = {
  confirmation: 'REQUEST',
  rescheduled: 'REQUEST',
  series_confirmation: 'REQUEST',
  cancellation: 'CANCEL',
  series_cancellation: 'CANCEL',
};

/** The messages about a whole series, not one occurrence: written with every occurrence. */
export function isWholeSeriesMessage(kind: NotificationKind): boolean {
  return kind === 'series_confirmation' || kind === 'series_cancellation';
}

/** Whether a message of this kind about a series occurrence needs its series to be written. */
export function needsSeries(kind: NotificationKind, booking: BookingSnapshot): boolean {
  return booking.seriesId !== null && METHOD_OF[kind] !== undefined;
}

/**
 * Pure: the calendar invitation an email carries, if any, in the recipient's language. A
 * confirmation or a move invites (REQUEST) while the booking still stands; a cancellation
 * cancels (CANCEL). A series is one event (its UID the series'): announced once with every
 * occurrence (`series_confirmation`), cancelled once as a whole (`series_cancellation`), and an
 * occurrence moved or cancelled alone is a message for its RECURRENCE-ID. The SEQUENCE is the
 * booking's calendar sequence (moves, plus one once cancelled), or the series' version, as the
 * feeds write them, so the newest message wins whatever order they arrive in.
 */
export function invitationFor(
  kind: NotificationKind,
  booking: BookingSnapshot,
  organizer: string,
  now: Date,
  series?: SeriesView,
): CalendarPart | null {
  const attendee = booking.contact?.email;
  const method = METHOD_OF[kind];
  const stands = method === 'CANCEL' || isWholeSeriesMessage(kind) || STANDING.has(booking.status);
  if (!attendee || !method || !stands) return null;
  const invitation = { method, organizer, attendee };
  const language = languageOf(booking.contact?.locale ?? FALLBACK_LANGUAGE);
  const text = {
    summary: renderMessage(language, 'invitation.summary', {}),
    description: series
      ? renderMessage(language, 'invitation.seriesDescription', { seriesId: series.series.seriesId })
      : renderMessage(language, 'invitation.description', { bookingId: booking.bookingId }),
    changedAt: now,
  };
  if (!series || !booking.recurrenceId) {
    const entry = { ...booking, ...text, sequence: booking.calendarSequence, cancelled: method === 'CANCEL' };
    return { method, content: invitationIcs(entry, invitation) };
  }
  const { series: kept, occurrences } = series;
  if (isWholeSeriesMessage(kind)) {
    const entry: SeriesCalendarEntry = {
      ...writtenSeriesOf(kept, occurrences, now),
      ...text,
      seriesId: kept.seriesId,
      sequence: kept.version,
      cancelled: method === 'CANCEL',
      timeZone: kept.timeZone,
    };
    return { method, content: seriesInvitationIcs(entry, invitation) };
  }
  const entry = {
    ...text,
    seriesId: kept.seriesId,
    timeZone: kept.timeZone,
    recurrenceWall: ruleWallOf(booking.recurrenceId, specOfSnapshot(kept)),
    start: booking.start,
    end: booking.end,
    sequence: Math.max(kept.version, booking.calendarSequence),
    cancelled: method === 'CANCEL',
  };
  return { method, content: occurrenceInvitationIcs(entry, invitation) };
}
