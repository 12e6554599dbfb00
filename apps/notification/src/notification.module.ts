import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule, type PlatformSettings } from '@booking/nest-kit';
import type { NotificationConfig } from './notification-config';
import { notificationMigrations } from './migrations';
import { RecordEvent } from './notifications/application/record-event.usecase';
import { SendNotificationsJob } from './notifications/application/send-notifications.job';
import { MessageChannels } from './notifications/infrastructure/message-channels';
import { NotificationRepository } from './notifications/infrastructure/notification.repository';
import { SmsClient } from './notifications/infrastructure/sms-client';
import { SmtpMailer } from './notifications/infrastructure/smtp-mailer';
import { NotificationEventConsumer } from './notifications/interface/notification-event.consumer';
import { NotificationsController } from './notifications/interface/notifications.controller';

function messageChannels(config: NotificationConfig): MessageChannels {
  return new MessageChannels(
    new SmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM, timeoutMs: config.MESSAGE_TIMEOUT_MS }),
    new SmsClient({
      baseUrl: config.SMS_PROVIDER_URL,
      apiKey: config.SMS_API_KEY,
      timeoutMs: config.MESSAGE_TIMEOUT_MS,
    }),
  );
}

@Module({})
export class NotificationModule {
  static forRoot(
    config: NotificationConfig,
    overrides: Pick<PlatformSettings, 'clock' | 'logger'> = {},
  ): DynamicModule {
    return {
      module: NotificationModule,
      imports: [
        PlatformModule.forRoot({
          service: 'notification',
          config,
          migrations: notificationMigrations,
          ...overrides,
        }),
      ],
      controllers: [NotificationsController, NotificationEventConsumer],
      providers: [
        { provide: MessageChannels, useFactory: () => messageChannels(config) },
        NotificationRepository,
        RecordEvent,
        SendNotificationsJob,
      ],
    };
  }
}
