import { z } from 'zod';

/** One entry of `GET /v1/bookings/{id}/notifications` (docs/api.md). */
export const notificationViewSchema = z.object({
  kind: z
    .enum([
      'confirmation',
      'reminder_24h',
      'reminder_2h',
      'cancellation',
      'rescheduled',
      'refund',
      'series_confirmation',
      'series_cancellation',
    ])
    .describe(
      'series_confirmation: the one invitation of a whole series, on its first confirmed occurrence; series_cancellation: its cancellation, on the same occurrence',
    ),
  channel: z.enum(['email', 'sms']),
  status: z.enum(['scheduled', 'sent', 'cancelled', 'failed']),
  scheduledFor: z.string(),
  sentAt: z.string().nullable(),
  /** What was sent; for one not sent yet, what it would say now. Null for SMS. */
  subject: z.string().nullable(),
  text: z.string().nullable(),
});

export type NotificationView = z.infer<typeof notificationViewSchema>;
