import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule, type PlatformSettings } from '@booking/nest-kit';
import type { NotificationConfig } from './notification-config';
import { CalendarConnections } from './calendar-sync/application/calendar-connections';
import { RecordSeries } from './calendar-sync/application/record-series.usecase';
import { SyncCalendarsJob } from './calendar-sync/application/sync-calendars.job';
import { PgSeriesSnapshotRepository } from './calendar-sync/infrastructure/series-snapshot.repository';
import { SeriesSnapshotRepository } from './calendar-sync/application/ports/series-snapshot.repository';
import { PgCalendarConnectionRepository } from './calendar-sync/infrastructure/calendar-connection.repository';
import { CalendarConnectionRepository } from './calendar-sync/application/ports/calendar-connection.repository';
import { PgCalendarSyncRepository } from './calendar-sync/infrastructure/calendar-sync.repository';
import { CalendarSyncRepository } from './calendar-sync/application/ports/calendar-sync.repository';
import { GoogleCalendarClient } from './calendar-sync/infrastructure/google-calendar';
import { GoogleCalendar } from './calendar-sync/application/ports/google-calendar';
import { AesGcmTokenCipher, parseTokenKeys } from './calendar-sync/infrastructure/token-cipher';
import { TokenCipher } from './calendar-sync/application/ports/token-cipher';
import { CalendarConnectionsController } from './calendar-sync/interface/calendar-connections.controller';
import { notificationMigrations } from './migrations';
import { RecordEvent } from './notifications/application/record-event.usecase';
import { SendNotificationsJob } from './notifications/application/send-notifications.job';
import { SmtpAndSmsChannels } from './notifications/infrastructure/message-channels';
import { MessageChannels } from './notifications/application/ports/message-channels';
import { PgNotificationRepository } from './notifications/infrastructure/notification.repository';
import { NotificationRepository } from './notifications/application/ports/notification.repository';
import { SmsClient } from './notifications/infrastructure/sms-client';
import { SmtpMailer } from './notifications/infrastructure/smtp-mailer';
import { NotificationEventConsumer } from './notifications/interface/notification-event.consumer';
import { NotificationsController } from './notifications/interface/notifications.controller';

function messageChannels(config: NotificationConfig): MessageChannels {
  return new SmtpAndSmsChannels(
    new SmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM, timeoutMs: config.MESSAGE_TIMEOUT_MS }),
    new SmsClient({
      baseUrl: config.SMS_PROVIDER_URL,
      apiKey: config.SMS_API_KEY,
      timeoutMs: config.MESSAGE_TIMEOUT_MS,
    }),
  );
}

function googleCalendar(config: NotificationConfig): GoogleCalendar {
  return new GoogleCalendarClient({
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
        { provide: NotificationRepository, useClass: PgNotificationRepository },
        RecordEvent,
        SendNotificationsJob,
        { provide: GoogleCalendar, useFactory: () => googleCalendar(config) },
        {
          provide: TokenCipher,
          useFactory: () => new AesGcmTokenCipher(parseTokenKeys(config.CALENDAR_TOKEN_KEYS)),
        },
        { provide: CalendarConnectionRepository, useClass: PgCalendarConnectionRepository },
        { provide: CalendarSyncRepository, useClass: PgCalendarSyncRepository },
        { provide: SeriesSnapshotRepository, useClass: PgSeriesSnapshotRepository },
        RecordSeries,
        CalendarConnections,
        SyncCalendarsJob,
      ],
    };
  }
}
