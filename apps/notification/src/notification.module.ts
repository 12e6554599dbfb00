import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule, type PlatformSettings } from '@booking/nest-kit';
import type { NotificationConfig } from './notification-config';
import { CalendarConnections } from './calendar-sync/application/calendar-connections';
import { RecordSeries } from './calendar-sync/application/record-series.usecase';
import { SyncCalendarsJob } from './calendar-sync/application/sync-calendars.job';
import { SeriesSnapshotRepository } from './calendar-sync/infrastructure/series-snapshot.repository';
import { CalendarConnectionRepository } from './calendar-sync/infrastructure/calendar-connection.repository';
import { CalendarSyncRepository } from './calendar-sync/infrastructure/calendar-sync.repository';
import { GoogleCalendar } from './calendar-sync/infrastructure/google-calendar';
import { parseTokenKeys, TokenCipher } from './calendar-sync/infrastructure/token-cipher';
import { CalendarConnectionsController } from './calendar-sync/interface/calendar-connections.controller';
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

function googleCalendar(config: NotificationConfig): GoogleCalendar {
  return new GoogleCalendar({
    clientId: config.GOOGLE_CLIENT_ID,
    clientSecret: config.GOOGLE_CLIENT_SECRET,
    redirectUri: config.GOOGLE_OAUTH_REDIRECT_URL,
    authUrl: config.GOOGLE_AUTH_URL,
    tokenUrl: config.GOOGLE_TOKEN_URL,
    revokeUrl: config.GOOGLE_REVOKE_URL,
    apiUrl: config.GOOGLE_CALENDAR_API_URL,
    timeoutMs: config.GOOGLE_TIMEOUT_MS,
  });
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
      controllers: [NotificationsController, CalendarConnectionsController, NotificationEventConsumer],
      providers: [
        { provide: MessageChannels, useFactory: () => messageChannels(config) },
        NotificationRepository,
        RecordEvent,
        SendNotificationsJob,
        { provide: GoogleCalendar, useFactory: () => googleCalendar(config) },
        {
          provide: TokenCipher,
          useFactory: () => new TokenCipher(parseTokenKeys(config.CALENDAR_TOKEN_KEYS)),
        },
        CalendarConnectionRepository,
        CalendarSyncRepository,
        SeriesSnapshotRepository,
        RecordSeries,
        CalendarConnections,
        SyncCalendarsJob,
      ],
    };
  }
}
