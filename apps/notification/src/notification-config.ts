import { z } from 'zod';
import { commonConfigSchema } from '@booking/config';

export const notificationConfigSchema = commonConfigSchema.extend({
  NOTIFICATION_PORT: z.coerce.number().int().min(0).max(65535).default(3004),
});

export type NotificationConfig = z.infer<typeof notificationConfigSchema>;
