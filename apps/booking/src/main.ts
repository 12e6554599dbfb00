import 'reflect-metadata';
import { parseConfig } from '@booking/config';
import { listen } from '@booking/nest-kit';
import { createBookingApp } from './booking-app';
import { bookingConfigSchema } from './booking-config';

async function main(): Promise<void> {
  const config = parseConfig(bookingConfigSchema, process.env);
  const { app, logger } = await createBookingApp(config);
  await listen(app, config.BOOKING_PORT, logger);
}

main().catch((error: unknown) => {
  process.stderr.write(`${JSON.stringify({ level: 'fatal', service: 'booking', msg: String(error) })}\n`);
  process.exit(1);
});
