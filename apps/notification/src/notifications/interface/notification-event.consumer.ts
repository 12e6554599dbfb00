import { Inject, Injectable } from '@nestjs/common';
import type { TopicNames } from '@booking/contracts';
import { EventSubscription, type KnownConsumedEvent, TOPIC_NAMES } from '@booking/nest-kit';
import { RecordEvent } from '../application/record-event.usecase';
import { SendNotificationsJob } from '../application/send-notifications.job';

/** booking.v1 (confirmations, moves, cancellations) and refund.v1 (refunds made) become messages. */
@Injectable()
export class NotificationEventConsumer extends EventSubscription {
  protected readonly group = 'notification-service';

  constructor(
    private readonly recordEvent: RecordEvent,
    private readonly job: SendNotificationsJob,
    @Inject(TOPIC_NAMES) private readonly topicNames: TopicNames,
  ) {
    super();
  }

  protected topics(): string[] {
    return [this.topicNames.booking, this.topicNames.refund];
  }

  protected handle = async ({ event }: KnownConsumedEvent): Promise<void> => {
    if (await this.recordEvent.handle(event)) this.job.wake();
  };
}
