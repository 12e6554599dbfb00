import { Inject, Injectable } from '@nestjs/common';
import type { TopicNames } from '@booking/contracts';
import { EventSubscription, type KnownConsumedEvent, TOPIC_NAMES } from '@booking/nest-kit';
import { ExecuteRefundsJob } from '../application/execute-refunds.job';
import { RequestRefund } from '../application/request-refund.usecase';

/** `refund.requested` and paid `booking.cancelled` from booking.v1 become refunds to make. */
@Injectable()
export class RefundEventConsumer extends EventSubscription {
  protected readonly group = 'refund-service';

  constructor(
    private readonly requestRefund: RequestRefund,
    private readonly job: ExecuteRefundsJob,
    @Inject(TOPIC_NAMES) private readonly topicNames: TopicNames,
  ) {
    super();
  }

  protected topics(): string[] {
    return [this.topicNames.booking];
  }

  protected handle = async ({ event }: KnownConsumedEvent): Promise<void> => {
    if (await this.requestRefund.handle(event)) this.job.wake();
  };
}
