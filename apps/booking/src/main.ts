import 'reflect-metadata';
import { parseConfig } from '@booking/config';
import { runService } from '@booking/nest-kit';
import { createBookingApp } from './booking-app';
import { bookingConfigSchema } from './booking-config';

runService('booking', async () => {
  const config = parseConfig(bookingConfigSchema, process.env);
  return { ...(await createBookingApp(config)), port: config.BOOKING_PORT };
});
