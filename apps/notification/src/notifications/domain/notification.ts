import type { Contact, NotificationView } from '@booking/contracts';

/** The contract's kinds and channels are the domain's. */
export type NotificationKind = NotificationView['kind'];
export type Channel = NotificationView['channel'];
/** `sending` is ours alone: the contract shows it as `scheduled`, since nothing went out yet. */
export type NotificationStatus = 'scheduled' | 'sending' | 'sent' | 'cancelled' | 'failed';

export const CHANNEL_OF: Record<NotificationKind, Channel> = {
  confirmation: 'email',
  reminder_24h: 'email',
  reminder_2h: 'sms',
  cancellation: 'email',
  rescheduled: 'email',
  refund: 'email',
  series_confirmation: 'email',
  series_cancellation: 'email',
};

/** What this service keeps of a booking, from the latest booking.* event: all a message needs. */
export interface BookingSnapshot {
  bookingId: string;
  /** Null in views kept from before it was recorded. */
  resourceId: string | null;
  customerId: string;
  status: string;
  start: Date;
  end: Date;
  timeZone: string;
  contact: Contact | null;
  /** A series occurrence's series and RECURRENCE-ID (its original start); null otherwise. */
  seriesId: string | null;
  recurrenceId: Date | null;
  /** The booking's version: newer views replace older ones. */
  version: number;
  /** Its calendar event's SEQUENCE, as the booking service's feeds write it: invitations carry it. */
  calendarSequence: number;
}

/** Kind-specific facts a message shows, such as a refund's amount. */
export interface NotificationDetails {
  amount?: number;
  currency?: string;
}

export interface Notification {
  notificationId: string;
  bookingId: string;
  kind: NotificationKind;
  channel: Channel;
  status: NotificationStatus;
  scheduledFor: Date;
  sentAt: Date | null;
  attempts: number;
  details: NotificationDetails;
  subject: string | null;
  text: string | null;
}
