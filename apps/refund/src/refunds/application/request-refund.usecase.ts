import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { KnownEvent } from '@booking/contracts';
import { CLOCK, PG_POOL } from '@booking/nest-kit';
import { Inbox } from '@booking/outbox';
import type { Clock } from '@booking/time';
import { orderOf } from '../domain/refund-order';
import { RefundRepository } from './ports/refund.repository';

/**
 * Records a refund asked for by `refund.requested` or a paid `booking.cancelled`. The inbox drops
 * a re-delivered event; the (booking, payment) key drops a second event asking for the same refund.
 */
@Injectable()
export class RequestRefund {
  private readonly inbox = new Inbox('refund.requests');

  constructor(
    private readonly refunds: RefundRepository,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Resolves true when a new refund is due. */
  async handle(event: KnownEvent): Promise<boolean> {
    const order = orderOf(event);
    if (!order) return false;
    const inserted = await this.inbox.once(this.pool, event, (tx) =>
      this.refunds.insertOnce(tx, order, this.clock.now()),
    );
    return inserted === true;
  }
}
