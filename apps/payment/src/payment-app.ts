import { createServiceApp, JsonLogger, type PlatformSettings } from '@booking/nest-kit';
import type { PaymentConfig } from './payment-config';
import { PaymentModule } from './payment.module';

/** The payment service, migrated and initialised but not yet listening. */
export async function createPaymentApp(
  config: PaymentConfig,
  overrides: Pick<PlatformSettings, 'clock'> = {},
  logger = new JsonLogger('payment', config.LOG_LEVEL),
) {
  const app = await createServiceApp(PaymentModule.forRoot(config, { ...overrides, logger }), logger);
  return { app, logger };
}
