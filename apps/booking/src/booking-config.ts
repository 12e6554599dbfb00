import { z } from 'zod';
import { commonConfigSchema } from '@booking/config';

export const bookingConfigSchema = commonConfigSchema.extend({
  BOOKING_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
});

export type BookingConfig = z.infer<typeof bookingConfigSchema>;
