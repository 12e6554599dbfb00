import { z } from 'zod';
import { commonConfigSchema } from '@booking/config';
import type { HoldLimits } from './bookings/domain/hold-plan';

const int = (min: number, fallback: number) => z.coerce.number().int().min(min).default(fallback);

export const bookingConfigSchema = commonConfigSchema.extend({
  BOOKING_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  MAX_BOOKING_DAYS: int(1, 90),
  /** How far ahead a booking (or a series' first occurrence, or its UNTIL) may start. */
  BOOKING_HORIZON_DAYS: int(1, 730),
  HOLD_RATE_LIMIT: int(1, 3),
  HOLD_RATE_WINDOW_SECONDS: int(1, 900),
  HOLD_EXPIRY_INTERVAL_MS: int(50, 1_000),
  /** How long past `holdExpiresAt` a hold waits for a payment the provider took before it. */
  HOLD_PAYMENT_GRACE_SECONDS: int(0, 120),
  /** Customers' standing (docs/booking.md): counted no-shows and what each count does. */
  STANDING_WINDOW_DAYS: int(1, 90),
  STANDING_WARN_AT: int(1, 1),
  STANDING_RESTRICT_AT: int(1, 2),
  STANDING_RESTRICT_DAYS: int(1, 30),
  STANDING_RESTRICTED_NOTICE_HOURS: int(0, 24),
  STANDING_FREEZE_AT: int(1, 3),
  STANDING_LATE_CANCEL_HOURS: int(0, 2),
  /** How long before its start a booking may be checked in (a car picked up, a patient arrived). */
  CHECK_IN_EARLY_MINUTES: int(0, 60),
  /** How often confirmed bookings past their no-show deadline are marked NO_SHOW. */
  NO_SHOW_INTERVAL_MS: int(50, 10_000),
  /** How often open-ended series are held further ahead (up to 180 days). */
  SERIES_MATERIALIZE_INTERVAL_MS: int(50, 60_000),
  /**
   * Where a customer pays a hold; `{bookingId}` is filled in and a `signature` added. The gateway
   * checks it with this service, then the payment service sends the customer on to the provider.
   */
  PAYMENT_CHECKOUT_URL: z.string().url().default('http://127.0.0.1:3000/v1/payments/checkout/{bookingId}'),
  /** A calendar feed's public address; `{feedToken}` is replaced by its secret token. */
  CALENDAR_FEED_URL: z.string().url().default('http://127.0.0.1:3000/v1/calendars/{feedToken}.ics'),
});

export type BookingConfig = z.infer<typeof bookingConfigSchema>;

/** What production refuses to run with when missing, short, a placeholder or the development default. */
export const BOOKING_SECRETS = ['INTERNAL_JWT_SECRET'] as const;

/** The limits every period a customer books is checked against. */
export function holdLimitsOf(config: BookingConfig): HoldLimits {
  return { maxBookingDays: config.MAX_BOOKING_DAYS, horizonDays: config.BOOKING_HORIZON_DAYS };
}
