import { DomainError, type Caller } from '@booking/contracts';
import type { CalendarEntry, SeriesCalendarEntry, SeriesOverride } from '@booking/ics';
import {
  exactDuration,
  formatWall,
  firstMatchWall,
  ruleReadAlike,
  ruleWallOf,
  calendarDifferences,
  writtenRule,
  type WallTime,
} from '@booking/time';
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
 * A series as a feed shows it, one recurring event: its rule as RFC 5545 readers must get it,
 * an RDATE for every occurrence that rule lacks (clamped to a month's last day), an EXDATE for
 * every instance that does not take place (cancelled before or after it was held, not held for a
 * conflict, skipped in a DST gap) and an override for every occurrence not where the rule puts
 * it (moved), or whose wall times a DST change makes readers read differently. Those are looked
 * for within `window`, the span a feed shows and a booking may be made in.
 */
export function seriesEntryOf(
  series: Series,
  occurrences: readonly Booking[],
  resourceName: string,
  window: { from: Date; to: Date },
): SeriesCalendarEntry {
  const spec = specOf(series);
  const wallOf = (recurrenceId: Date | string) => ruleWallOf(new Date(recurrenceId), spec);
  const duration = exactDuration(spec);
  const exdates = new Map<string, WallTime>();
  const skip = (wall: WallTime) => exdates.set(formatWall(wall), wall);
  const overrides = new Map<string, SeriesOverride>();
  const byRule = ruleReadAlike(spec);
  const differences = calendarDifferences(spec, window.from, window.to, byRule);
  const startWall = firstMatchWall(spec) ?? series.startWall;
  // Written as dates, DTSTART is one of them: taken out where the platform holds none there.
  if (!byRule && !differences.extra.some((wall) => formatWall(wall) === formatWall(startWall)))
    skip(startWall);
  [...series.cancelledRecurrences, ...series.conflicts.map((conflict) => conflict.recurrenceId)]
    .map(wallOf)
    .forEach(skip);
  differences.missing.forEach(skip);
  for (const { ruleWall, occurrence } of differences.pinned)
    overrides.set(formatWall(ruleWall), { recurrenceWall: ruleWall, ...occurrence, sequence: 0 });
  for (const booking of occurrences) {
    const recurrenceWall = wallOf(booking.recurrenceId!);
    const key = formatWall(recurrenceWall);
    const { start, end } = booking.period;
    const asRuled =
      start.getTime() === booking.recurrenceId!.getTime() && end.getTime() - start.getTime() === duration;
    if (booking.status === 'CANCELLED') {
      skip(recurrenceWall);
      overrides.delete(key);
    } else if (!asRuled || overrides.has(key))
      overrides.set(key, { recurrenceWall, start, end, sequence: calendarSequence(booking) });
  }
  return {
    seriesId: series.seriesId,
    sequence: series.version,
    cancelled: series.status === 'CANCELLED',
    rule: byRule ? writtenRule(spec) : null,
    timeZone: series.timeZone,
    startWall,
    durationMs: duration,
    rdates: differences.extra,
    exdates: [...exdates.values()],
    overrides: [...overrides.values()],
    summary: resourceName,
    description: `Recurring booking ${series.seriesId}`,
    changedAt: series.updatedAt,
  };
}
