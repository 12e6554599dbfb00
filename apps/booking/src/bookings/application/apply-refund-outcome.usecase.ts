import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { CloudEvent, EventData } from '@booking/contracts';
import { CLOCK, PG_POOL } from '@booking/nest-kit';
import { Inbox } from '@booking/outbox';
import type { Clock } from '@booking/time';
import { BookingRepository } from './ports/booking.repository';

/** `refund.succeeded` / `refund.failed` → the booking's `refund.status` (of its own payment), once per event. */
@Injectable()
export class ApplyRefundOutcome {
  private readonly inbox = new Inbox('booking.refunds');

  constructor(
    private readonly bookings: BookingRepository,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async handle(
    event: CloudEvent<'refund.succeeded' | 'refund.failed', EventData<'refund.succeeded' | 'refund.failed'>>,
  ): Promise<void> {
    const { bookingId, amount, txnId } = event.data;
    const status = event.type === 'refund.succeeded' ? 'succeeded' : 'failed';
    await this.inbox.once(this.pool, event, (tx) =>
      this.bookings.setRefundStatus(tx, bookingId, { status, amount, txnId }, this.clock.now()),
    );
  }
}
