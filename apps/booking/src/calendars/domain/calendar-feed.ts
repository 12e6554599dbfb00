import { DomainError, type Caller } from '@booking/contracts';
import type { CalendarEntry, SeriesCalendarEntry } from '@booking/ics';
import { writtenSeries } from '@booking/time';
import { specOf, type Series } from '../../series/domain/series';
import type { Booking } from '../../bookings/domain/booking';
import { calendarSequence } from '../../bookings/domain/booking-times';
import type { BookingStatus } from '../../bookings/domain/booking-status';
import { isHostOf } from '../../resources/domain/resource';

/** Whose bookings a feed shows: a resource's (for its host) or a customer's own. */
export type FeedOwner = { kind: 'resource'; resourceId: string } | { kind: 'customer'; customerId: string };

/** The statuses a feed shows: what took or takes the time; a cancelled booking is shown as such. */
export const FEED_STATUSES: readonly BookingStatus[] = [
  'CONFIRMED',
  'IN_PROGRESS',
  'COMPLETED',
  'NO_SHOW',
  'CANCELLED',
];
/** How long a feed keeps past and cancelled bookings, so calendar apps see the cancellation. */
export const FEED_RETENTION_DAYS = 30;
/** The most events one feed answer holds (the soonest first): bounded work per request. */
export const FEED_MAX_EVENTS = 1000;

export function feedSince(now: Date): Date {
  return new Date(now.getTime() - FEED_RETENTION_DAYS * 86_400_000);
}

/**
 * Who may make or revoke a feed: a resource's is its host's or an admin's; a customer's is their
 * own (another customer's does not exist for them) or an admin's.
 */
export function assertMayManageFeed(caller: Caller, owner: FeedOwner, resourceOwnerId?: string): void {
  if (caller.role === 'admin') return;
  if (owner.kind === 'resource') {
    if (resourceOwnerId !== undefined && isHostOf(caller, resourceOwnerId)) return;
    throw new DomainError('forbidden', 'Only the resource’s host or an admin manages its calendar feed.');
  }
  if (caller.userId !== owner.customerId)
    throw new DomainError('not_found', `No customer ${owner.customerId}.`);
}

/**
 * A booking as a feed shows it: the resource's name and the booking's reference, nothing about
 * the customer, since a feed URL is easily shared.
 */
export function feedEntryOf(booking: Booking, resourceName: string): CalendarEntry {
  return {
    bookingId: booking.bookingId,
    sequence: calendarSequence(booking),
    cancelled: booking.status === 'CANCELLED',
    start: booking.period.start,
    end: booking.period.end,
    timeZone: booking.timeZone,
    summary: resourceName,
    description: `Booking ${booking.bookingId}`,
    changedAt: booking.updatedAt,
  };
}

/**
 * A series as a feed shows it, one recurring event written from the platform's own expansion
 * (`writtenSeries`): differences from the rule are looked for within `window`, the span a feed
 * shows and a booking may be made in. A cancelled occurrence is an EXDATE.
 */
export function seriesEntryOf(
  series: Series,
  occurrences: readonly Booking[],
  resourceName: string,
  window: { from: Date; to: Date },
): SeriesCalendarEntry {
  const skipped = [
    ...series.cancelledRecurrences,
    ...series.conflicts.map((conflict) => conflict.recurrenceId),
  ];
  const held = occurrences.map((booking) => ({
    recurrenceId: booking.recurrenceId!,
    ...booking.period,
    takesPlace: booking.status !== 'CANCELLED',
    sequence: calendarSequence(booking),
  }));
  return {
    ...writtenSeries(specOf(series), skipped, held, window),
    seriesId: series.seriesId,
    sequence: series.version,
    cancelled: series.status === 'CANCELLED',
    timeZone: series.timeZone,
    summary: resourceName,
    description: `Recurring booking ${series.seriesId}`,
    changedAt: series.updatedAt,
  };
}
