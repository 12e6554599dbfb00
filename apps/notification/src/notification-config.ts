import { z } from 'zod';
import { bookingLinkConfigSchema, commonConfigSchema } from '@booking/config';

const int = (min: number, fallback: number) => z.coerce.number().int().min(min).default(fallback);

export const notificationConfigSchema = commonConfigSchema.extend({
  NOTIFICATION_PORT: z.coerce.number().int().min(0).max(65535).default(3004),
  /** The mail relay, with its credentials: `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…`. */
  SMTP_URL: z.string().url().default('smtp://notification:local-smtp-password@127.0.0.1:2525'),
  MAIL_FROM: z.string().min(3).default('Bookings <bookings@example.com>'),
  SMS_PROVIDER_URL: z.string().url().default('http://127.0.0.1:3011'),
  SMS_API_KEY: z.string().min(1).default('sms_sandbox_local'),
  /** How long one call to the relay or the SMS provider may take. */
  MESSAGE_TIMEOUT_MS: int(100, 10_000),
  NOTIFICATION_POLL_INTERVAL_MS: int(10, 1_000),
  /** Sends per message before it is given up as `failed`; refusals are final at once. */
  NOTIFICATION_MAX_ATTEMPTS: int(1, 6),
  NOTIFICATION_RETRY_BASE_MS: int(1, 5_000),
  NOTIFICATION_RETRY_MAX_MS: int(1, 10 * 60_000),
  /** A message still "sending" this long after its claim was cut off mid-send: it is failed, not resent. */
  NOTIFICATION_LEASE_MS: int(100, 5 * 60_000),
  /** The OAuth client the operator registered at Google (Google Cloud console → Credentials). */
  GOOGLE_CLIENT_ID: z.string().min(1).default('local-client.apps.googleusercontent.com'),
  GOOGLE_CLIENT_SECRET: z.string().min(1).default('local-google-client-secret'),
  /** The gateway's callback, registered with the client as an authorized redirect URI. */
  GOOGLE_OAUTH_REDIRECT_URL: z
    .string()
    .url()
    .default('http://127.0.0.1:3000/v1/calendar-connections/callback'),
  /** Google's endpoints; the defaults are the local stand-in's (production: accounts.google.com and googleapis.com). */
  GOOGLE_AUTH_URL: z.string().url().default('http://127.0.0.1:3012/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.string().url().default('http://127.0.0.1:3012/token'),
  GOOGLE_REVOKE_URL: z.string().url().default('http://127.0.0.1:3012/revoke'),
  GOOGLE_CALENDAR_API_URL: z.string().url().default('http://127.0.0.1:3012/'),
  /** How long one call to Google may take. */
  GOOGLE_TIMEOUT_MS: int(100, 10_000),
  /** `kid:base64key,…`, 32-byte AES keys for refresh tokens at rest; the first seals, all open. */
  CALENDAR_TOKEN_KEYS: z.string().min(1).default('local:bG9jYWwtZGV2ZWxvcG1lbnQta2V5LTMyLWJ5dGVzISE='),
  ...bookingLinkConfigSchema.shape,
  CALENDAR_SYNC_INTERVAL_MS: int(10, 1_000),
  CALENDAR_SYNC_MAX_ATTEMPTS: int(1, 10),
  CALENDAR_SYNC_RETRY_BASE_MS: int(1, 2_000),
  CALENDAR_SYNC_RETRY_MAX_MS: int(1, 10 * 60_000),
  /** A claimed sync not finished this long after is taken up again (it is idempotent). */
  CALENDAR_SYNC_LEASE_MS: int(100, 60_000),
});

export type NotificationConfig = z.infer<typeof notificationConfigSchema>;

/** What production refuses to run with (the relay's password is read from SMTP_URL). */
export const NOTIFICATION_SECRETS = [
  'INTERNAL_JWT_SECRET',
  'SMTP_URL',
  'SMS_API_KEY',
  'GOOGLE_CLIENT_SECRET',
  'CALENDAR_TOKEN_KEYS',
] as const;
