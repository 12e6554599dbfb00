import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { z } from 'zod';
import { contactSchema, type CloudEvent } from '@booking/contracts';
import type { TransactionClient } from '@booking/db';
import { CLOCK, PG_POOL } from '@booking/nest-kit';
import { Inbox } from '@booking/outbox';
import type { Clock } from '@booking/time';
import type { BookingSnapshot } from '../domain/notification';
import { planFor, REMINDER_KINDS } from '../domain/notification-plan';
import { NotificationRepository } from '../infrastructure/notification.repository';

/** The part of every booking.* event's data (the booking's snapshot) that messages are made from. */
const bookingData = z.object({
  bookingId: z.string().min(1),
  customerId: z.string().min(1),
  status: z.string().min(1),
  start: z.string().datetime({ offset: true }),
  end: z.string().datetime({ offset: true }),
  timeZone: z.string().min(1),
  contact: contactSchema.nullable().optional(),
});

const refundData = z.object({
  bookingId: z.string().min(1),
  amount: z.number().int().positive(),
  currency: z.string().regex(/^[A-Z]{3}$/),
});

/**
 * Turns booking and refund events into messages to send. The inbox drops a re-delivered event,
 * and the (booking, kind) key drops a second event asking for the same message: each kind is
 * made once per booking.
 */
@Injectable()
export class RecordEvent {
  private readonly inbox = new Inbox('notification.events');

  constructor(
    private readonly notifications: NotificationRepository,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Resolves true when a message may be due now. */
  async handle(event: CloudEvent): Promise<boolean> {
    if (event.type === 'refund.succeeded') {
      const refund = refundData.safeParse(event.data);
      if (!refund.success) return false;
      const now = this.clock.now();
      const added = await this.inbox.once(this.pool, event, (tx) =>
        this.notifications.addOnce(
          tx,
          {
            bookingId: refund.data.bookingId,
            kind: 'refund',
            scheduledFor: now,
            details: { amount: refund.data.amount, currency: refund.data.currency },
          },
          now,
        ),
      );
      return added === true;
    }
    if (!event.type.startsWith('booking.')) return false;
    const data = bookingData.safeParse(event.data);
    if (!data.success) return false;
    const booking: BookingSnapshot = {
      ...data.data,
      start: new Date(data.data.start),
      end: new Date(data.data.end),
      contact: data.data.contact ?? null,
    };
    const applied = await this.inbox.once(this.pool, event, (tx) => this.apply(tx, event.type, booking));
    return applied === true;
  }

  private async apply(tx: TransactionClient, type: string, booking: BookingSnapshot): Promise<boolean> {
    const now = this.clock.now();
    await this.notifications.saveSnapshot(tx, booking, now);
    const plan = planFor(type, booking, now);
    for (const message of plan.send) {
      await this.notifications.addOnce(tx, { bookingId: booking.bookingId, ...message }, now);
    }
    const reminders = plan.reminders;
    for (const kind of reminders ? REMINDER_KINDS : []) {
      await this.notifications.setReminder(tx, booking.bookingId, kind, reminders?.[kind] ?? null, now);
    }
    return plan.send.length > 0;
  }
}
