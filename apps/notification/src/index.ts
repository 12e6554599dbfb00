// What the end-to-end suite starts in-process; other apps never import this.
export { createNotificationApp } from './notification-app';
export { notificationConfigSchema, type NotificationConfig } from './notification-config';
export { SendNotificationsJob } from './notifications/application/send-notifications.job';
export { SyncCalendarsJob } from './calendar-sync/application/sync-calendars.job';
export { SmtpMailer } from './notifications/infrastructure/smtp-mailer';
export { SmsClient } from './notifications/infrastructure/sms-client';
export { AesGcmTokenCipher, parseTokenKeys } from './calendar-sync/infrastructure/token-cipher';
export { desiredSeries, type SeriesSnapshot } from './calendar-sync/domain/series-event';
export type { BookingSnapshot } from './notifications/domain/notification';
