import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import type { KnownConsumedEvent } from '@booking/nest-kit';
import { ExecuteRefundsJob } from '../application/execute-refunds.job';
import { RequestRefund } from '../application/request-refund.usecase';

/** `refund.requested` and paid `booking.cancelled` from booking.v1 become refunds to make. */
@Controller()
export class RefundEventConsumer {
  constructor(
    private readonly requestRefund: RequestRefund,
    private readonly job: ExecuteRefundsJob,
  ) {}

  @EventPattern(['refund.requested', 'booking.cancelled'])
  async request(@Payload() { event }: KnownConsumedEvent): Promise<void> {
    if (await this.requestRefund.handle(event)) this.job.wake();
  }
}
