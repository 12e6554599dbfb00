import 'reflect-metadata';
import { parseConfig } from '@booking/config';
import { runService } from '@booking/nest-kit';
import { createBookingApp } from './booking-app';
import { BOOKING_SECRETS, bookingConfigSchema } from './booking-config';

runService('booking', async () => {
  const config = parseConfig(bookingConfigSchema, process.env, { secrets: BOOKING_SECRETS });
  return {
    ...(await createBookingApp(config)),
    port: config.BOOKING_PORT,
    host: config.LISTEN_HOST,
    shutdown: config,
  };
});
