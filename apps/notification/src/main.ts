import 'reflect-metadata';
import { parseConfig } from '@booking/config';
import { runService } from '@booking/nest-kit';
import { createNotificationApp } from './notification-app';
import { notificationConfigSchema } from './notification-config';

runService('notification', async () => {
  const config = parseConfig(notificationConfigSchema, process.env);
  return { ...(await createNotificationApp(config)), port: config.NOTIFICATION_PORT };
});
