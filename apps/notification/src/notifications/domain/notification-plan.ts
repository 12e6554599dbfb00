import { CHANNEL_OF, type BookingSnapshot, type NotificationKind } from './notification';

const HOUR_MS = 3_600_000;

/** The reminders of a confirmed booking and how long before its start each goes out. */
export const REMINDER_LEAD_MS = { reminder_24h: 24 * HOUR_MS, reminder_2h: 2 * HOUR_MS } as const;
export type ReminderKind = keyof typeof REMINDER_LEAD_MS;
export const REMINDER_KINDS = Object.keys(REMINDER_LEAD_MS) as ReminderKind[];

/**
 * What one event changes. `send`: messages to make once each (a kind already made stays as it
 * is). `reminders`: when each reminder should now go out, or null for "not at all"; it applies
 * only to reminders not sent yet, and is absent when the event leaves them alone.
 */
export interface NotificationPlan {
  send: { kind: NotificationKind; scheduledFor: Date }[];
  reminders?: Record<ReminderKind, Date | null>;
}

const NOTHING: NotificationPlan = { send: [] };

/** What a series occurrence's messages depend on beyond the occurrence: its series, as known here. */
export interface SeriesContext {
  /** The series has its one `series_confirmation` already, on this or another occurrence. */
  announced: boolean;
  cancelled: boolean;
}

/** What an event says beyond the booking's view. */
export interface EventFacts {
  /** booking.cancelled: `series` when the whole series was, which series.changed announces once. */
  scope?: 'booking' | 'series';
  /** For an occurrence of a series. */
  series?: SeriesContext;
}

/** Statuses after which a booking is not coming: its reminders are dropped. */
const ENDED = new Set(['CANCELLED', 'EXPIRED', 'COMPLETED', 'NO_SHOW']);

/**
 * Pure: the notifications a booking event calls for, at `now` by the service's clock. A message
 * goes only where the contact can receive it (email or phone), and a reminder whose time has
 * already passed is not scheduled at all.
 */
export function planFor(
  eventType: string,
  booking: BookingSnapshot,
  now: Date,
  facts: EventFacts = {},
): NotificationPlan {
  switch (eventType) {
    case 'booking.confirmed':
      return {
        send: reachable(booking, confirmationOf(booking, facts.series, now)),
        reminders: remindersOf(booking, now),
      };
    case 'booking.rescheduled':
      return booking.status === 'CONFIRMED'
        ? {
            send: reachable(booking, [{ kind: 'rescheduled', scheduledFor: now }]),
            reminders: remindersOf(booking, now),
          }
        : NOTHING;
    case 'booking.cancelled':
      return {
        send:
          facts.scope === 'series' ? [] : reachable(booking, [{ kind: 'cancellation', scheduledFor: now }]),
        reminders: noReminders(),
      };
    default:
      return ENDED.has(booking.status) || booking.status === 'IN_PROGRESS'
        ? { send: [], reminders: noReminders() }
        : NOTHING;
  }
}

/**
 * A booking's confirmation; a series' is one for the whole series, carried by the first
 * occurrence confirmed, and none once the series is cancelled.
 */
function confirmationOf(
  booking: BookingSnapshot,
  series: SeriesContext | undefined,
  now: Date,
): NotificationPlan['send'] {
  if (!booking.seriesId) return [{ kind: 'confirmation', scheduledFor: now }];
  if (series?.announced || series?.cancelled) return [];
  return [{ kind: 'series_confirmation', scheduledFor: now }];
}

function remindersOf(booking: BookingSnapshot, now: Date): Record<ReminderKind, Date | null> {
  const at = (kind: ReminderKind): Date | null => {
    const when = new Date(booking.start.getTime() - REMINDER_LEAD_MS[kind]);
    return when > now && canReach(booking, kind) ? when : null;
  };
  return { reminder_24h: at('reminder_24h'), reminder_2h: at('reminder_2h') };
}

function noReminders(): Record<ReminderKind, null> {
  return { reminder_24h: null, reminder_2h: null };
}

function reachable<T extends { kind: NotificationKind }>(booking: BookingSnapshot, wanted: T[]): T[] {
  return wanted.filter((message) => canReach(booking, message.kind));
}

/** Whether the booking's contact has an address for the kind's channel. */
export function canReach(booking: Pick<BookingSnapshot, 'contact'>, kind: NotificationKind): boolean {
  return CHANNEL_OF[kind] === 'email' ? Boolean(booking.contact?.email) : Boolean(booking.contact?.phone);
}
