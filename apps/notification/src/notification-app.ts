import { createServiceApp, JsonLogger, type PlatformSettings } from '@booking/nest-kit';
import type { NotificationConfig } from './notification-config';
import { NotificationModule } from './notification.module';

/** The notification service, migrated and initialised but not yet listening. */
export async function createNotificationApp(
  config: NotificationConfig,
  overrides: Pick<PlatformSettings, 'clock'> = {},
  logger = new JsonLogger('notification', config.LOG_LEVEL),
) {
  const app = await createServiceApp(NotificationModule.forRoot(config, { ...overrides, logger }), logger);
  return { app, logger };
}
