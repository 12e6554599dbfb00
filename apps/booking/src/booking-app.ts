import { createServiceApp, JsonLogger, startEventHandlers, type PlatformSettings } from '@booking/nest-kit';
import type { BookingConfig } from './booking-config';
import { BookingModule } from './booking.module';

/** The booking service, migrated, initialised and consuming its events, but not yet listening. */
export async function createBookingApp(
  config: BookingConfig,
  overrides: Pick<PlatformSettings, 'clock'> = {},
  logger = new JsonLogger('booking', config.LOG_LEVEL),
) {
  const app = await createServiceApp(BookingModule.forRoot(config, { ...overrides, logger }), logger);
  await startEventHandlers(app, 'booking-service');
  return { app, logger };
}
