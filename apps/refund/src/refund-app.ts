import { createServiceApp, JsonLogger, startEventHandlers, type PlatformSettings } from '@booking/nest-kit';
import type { RefundConfig } from './refund-config';
import { RefundModule } from './refund.module';

/** The refund service, migrated, initialised and consuming its events, but not yet listening. */
export async function createRefundApp(
  config: RefundConfig,
  overrides: Pick<PlatformSettings, 'clock'> = {},
  logger = new JsonLogger('refund', config.LOG_LEVEL),
) {
  const app = await createServiceApp(RefundModule.forRoot(config, { ...overrides, logger }), logger);
  await startEventHandlers(app, 'refund-service');
  return { app, logger };
}
