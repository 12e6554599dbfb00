import { z } from 'zod';
import { bookingLinkConfigSchema, commonConfigSchema } from '@booking/config';
import { DEFAULT_TOLERANCE_SECONDS, providerConfigSchema } from '@booking/payment-provider';

export const paymentConfigSchema = commonConfigSchema.extend(providerConfigSchema.shape).extend({
  PAYMENT_PORT: z.coerce.number().int().min(0).max(65535).default(3002),
  /** Standard Webhooks key: `whsec_<base64>` or plain UTF-8. The local default matches the sandbox's. */
  PAYMENT_WEBHOOK_SECRET: z.string().min(1).default('whsec_bG9jYWwtZGV2ZWxvcG1lbnQtd2ViaG9vay1zZWNyZXQ='),
  ...bookingLinkConfigSchema.shape,
  WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().min(1).default(DEFAULT_TOLERANCE_SECONDS),
});

export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/** What production refuses to run with when missing, short, a placeholder or the development default. */
export const PAYMENT_SECRETS = ['INTERNAL_JWT_SECRET', 'PAYMENT_WEBHOOK_SECRET', 'SANDBOX_API_KEY'] as const;
