import { z } from 'zod';
import { commonConfigSchema } from '@booking/config';

export const paymentConfigSchema = commonConfigSchema.extend({
  PAYMENT_PORT: z.coerce.number().int().min(0).max(65535).default(3002),
});

export type PaymentConfig = z.infer<typeof paymentConfigSchema>;
