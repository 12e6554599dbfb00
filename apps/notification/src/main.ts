import 'reflect-metadata';
import { parseConfig } from '@booking/config';
import { runService } from '@booking/nest-kit';
import { createNotificationApp } from './notification-app';
import { NOTIFICATION_SECRETS, notificationConfigSchema } from './notification-config';

runService('notification', async () => {
  const config = parseConfig(notificationConfigSchema, process.env, { secrets: NOTIFICATION_SECRETS });
  return {
    ...(await createNotificationApp(config)),
    port: config.NOTIFICATION_PORT,
    host: config.LISTEN_HOST,
    shutdown: config,
  };
});
