import type { Contact } from '@booking/contracts';

export const NOTIFICATION_KINDS = [
  'confirmation',
  'reminder_24h',
  'reminder_2h',
  'cancellation',
  'rescheduled',
  'refund',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export type Channel = 'email' | 'sms';
/** `sending` is ours alone: the contract shows it as `scheduled`, since nothing went out yet. */
export type NotificationStatus = 'scheduled' | 'sending' | 'sent' | 'cancelled' | 'failed';

export const CHANNEL_OF: Record<NotificationKind, Channel> = {
  confirmation: 'email',
  reminder_24h: 'email',
  reminder_2h: 'sms',
  cancellation: 'email',
  rescheduled: 'email',
  refund: 'email',
};

/** What this service keeps of a booking, from the latest booking.* event: all a message needs. */
export interface BookingSnapshot {
  bookingId: string;
  customerId: string;
  status: string;
  start: Date;
  end: Date;
  timeZone: string;
  contact: Contact | null;
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
