import { invitationIcs, type Invitation } from '@booking/ics';
import { FALLBACK_LANGUAGE, languageOf, renderMessage } from './message-catalogues';
import type { BookingSnapshot, NotificationKind } from './notification';

/** An email's calendar part: an iTIP method and the iCalendar text. */
export interface CalendarPart {
  method: Invitation['method'];
  content: string;
}

/** Statuses in which the booking still takes its time: an invitation to it still stands. */
const STANDING = new Set(['CONFIRMED', 'IN_PROGRESS']);

/**
 * Pure: the calendar invitation an email carries, if any, in the recipient's language. A
 * confirmation or a move invites (REQUEST) while the booking still stands; a cancellation
 * cancels (CANCEL). The SEQUENCE is the booking's calendar sequence (moves, plus one once
 * cancelled), as the feeds write it, so the newest message wins in the recipient's calendar
 * whatever order they arrive in.
 */
export function invitationFor(
  kind: NotificationKind,
  booking: BookingSnapshot,
  organizer: string,
  now: Date,
): CalendarPart | null {
  const attendee = booking.contact?.email;
  const method =
    kind === 'cancellation'
      ? 'CANCEL'
      : (kind === 'confirmation' || kind === 'rescheduled') && STANDING.has(booking.status)
        ? 'REQUEST'
        : null;
  if (!attendee || !method) return null;
  const language = languageOf(booking.contact?.locale ?? FALLBACK_LANGUAGE);
  const entry = {
    bookingId: booking.bookingId,
    sequence: booking.calendarSequence,
    cancelled: method === 'CANCEL',
    start: booking.start,
    end: booking.end,
    timeZone: booking.timeZone,
    summary: renderMessage(language, 'invitation.summary', {}),
    description: renderMessage(language, 'invitation.description', { bookingId: booking.bookingId }),
    changedAt: now,
  };
  return { method, content: invitationIcs(entry, { method, organizer, attendee }) };
}
