import { createServiceApp, JsonLogger, startEventHandlers, type PlatformSettings } from '@booking/nest-kit';
import type { NotificationConfig } from './notification-config';
import { NotificationModule } from './notification.module';

/** The notification service, migrated, initialised and consuming its events, but not yet listening. */
export async function createNotificationApp(
  config: NotificationConfig,
  overrides: Pick<PlatformSettings, 'clock'> = {},
  logger = new JsonLogger('notification', config.LOG_LEVEL),
) {
  const app = await createServiceApp(NotificationModule.forRoot(config, { ...overrides, logger }), logger);
  await startEventHandlers(app, 'notification-service');
  return { app, logger };
}
