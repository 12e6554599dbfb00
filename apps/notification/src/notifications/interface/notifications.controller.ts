import { Controller, Get, Inject, Param } from '@nestjs/common';
import type { Pool } from 'pg';
import type { NotificationView } from '@booking/contracts';
import { PG_POOL } from '@booking/nest-kit';
import { formatUtc } from '@booking/time';
import { messageFor } from '../domain/message-text';
import type { BookingSnapshot, Notification } from '../domain/notification';
import { NotificationRepository } from '../application/ports/notification.repository';

/**
 * A booking's messages. Whether the caller may see the booking is the booking service's call: the
 * gateway asks it first, so this answers only for bookings already shown to be the caller's.
 */
@Controller('bookings')
export class NotificationsController {
  constructor(
    private readonly notifications: NotificationRepository,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  @Get(':bookingId/notifications')
  async list(@Param('bookingId') bookingId: string): Promise<{ data: NotificationView[] }> {
    const [rows, booking] = await Promise.all([
      this.notifications.listForBooking(this.pool, bookingId),
      this.notifications.findSnapshot(this.pool, bookingId),
    ]);
    return { data: rows.map((row) => toView(row, booking)) };
  }
}

/** A message not sent yet shows what it would say now, so a moved booking's reminder shows the new time. */
function toView(notification: Notification, booking: BookingSnapshot | null): NotificationView {
  const sent = notification.status === 'sent';
  const preview = !sent && booking ? messageFor(notification.kind, booking, notification.details) : null;
  return {
    kind: notification.kind,
    channel: notification.channel,
    status: notification.status === 'sending' ? 'scheduled' : notification.status,
    scheduledFor: formatUtc(notification.scheduledFor),
    sentAt: notification.sentAt === null ? null : formatUtc(notification.sentAt),
    subject: sent ? notification.subject : (preview?.subject ?? null),
    text: sent ? notification.text : (preview?.text ?? null),
  };
}
