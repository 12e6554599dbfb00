import type { InfraAddresses } from './infra';
import { localSecret } from './local-secrets';

/** The apps of the platform as `npm start` runs them, each on its own port. */
export const PLATFORM_APPS = [
  { name: 'booking', port: 3001, env: 'BOOKING_PORT' },
  { name: 'payment', port: 3002, env: 'PAYMENT_PORT' },
  { name: 'refund', port: 3003, env: 'REFUND_PORT' },
  { name: 'notification', port: 3004, env: 'NOTIFICATION_PORT' },
  { name: 'api-gateway', port: 3000, env: 'GATEWAY_PORT' },
  // The local stand-in for the payment provider: checkout page, signed webhooks, refund API.
  { name: 'payment-sandbox', port: 3010, env: 'SANDBOX_PORT' },
  // The local stand-ins for the mail relay (SMTP on MESSAGING_SMTP_PORT) and the SMS provider's API.
  { name: 'messaging-sandbox', port: 3011, env: 'MESSAGING_SMS_PORT' },
  // The local stand-in for Google: OAuth consent and tokens, Calendar API v3 events.
  { name: 'google-sandbox', port: 3012, env: 'GOOGLE_SANDBOX_PORT' },
  // The local OpenID Connect provider the web app signs in with (oidc-provider).
  { name: 'identity-sandbox', port: 3013, env: 'IDENTITY_SANDBOX_PORT' },
] as const;

/** Where `npm start` serves the web app (Vite's dev server). */
export const WEB_PORT = 5173;
/** The API identifier in the access tokens the identity stand-in issues, and the gateway checks. */
export const LOCAL_OIDC_AUDIENCE = 'urn:booking-platform:api';

export type PlatformPorts = Record<(typeof PLATFORM_APPS)[number]['env'] | 'MESSAGING_SMTP_PORT', string>;

export const LOCAL_JWT_SECRET = 'local-development-secret-change-me';

/** Each app's port: the one given in the environment, else its default plus `offset`. */
export function platformPorts(env: NodeJS.ProcessEnv, offset = 0): PlatformPorts {
  const ports = Object.fromEntries(
    PLATFORM_APPS.map((app) => [app.env, env[app.env] ?? String(app.port + offset)]),
  );
  return {
    ...ports,
    MESSAGING_SMTP_PORT: env['MESSAGING_SMTP_PORT'] ?? String(2525 + offset),
  } as PlatformPorts;
}

/** The environment every app of a local platform starts with: where the others and the infrastructure are. */
export function platformEnv(
  env: NodeJS.ProcessEnv,
  addresses: InfraAddresses,
  ports: PlatformPorts,
): NodeJS.ProcessEnv {
  const local = (port: string) => `http://127.0.0.1:${port}`;
  return {
    ...env,
    ...ports,
    DATABASE_URL: addresses.databaseUrl,
    REDIS_URL: addresses.redisUrl,
    KAFKA_BROKERS: addresses.kafkaBrokers.join(','),
    // Services refuse their development defaults outside development and test.
    NODE_ENV: env['NODE_ENV'] ?? 'development',
    JWT_SECRET: env['JWT_SECRET'] ?? LOCAL_JWT_SECRET,
    // Never the public default: with it, anyone who can reach a service could sign the gateway's tokens.
    INTERNAL_JWT_SECRET: env['INTERNAL_JWT_SECRET'] ?? localSecret('INTERNAL_JWT_SECRET'),
    BOOKING_URL: local(ports.BOOKING_PORT),
    PAYMENT_URL: local(ports.PAYMENT_PORT),
    REFUND_URL: local(ports.REFUND_PORT),
    NOTIFICATION_URL: local(ports.NOTIFICATION_PORT),
    SANDBOX_PROVIDER_URL: local(ports.SANDBOX_PORT),
    SANDBOX_WEBHOOK_URL: `${local(ports.GATEWAY_PORT)}/v1/payments/webhook`,
    // The sandbox signs with the platform's own key: set one, and the checkout's payments still verify.
    ...(env['PAYMENT_WEBHOOK_SECRET'] ? { SANDBOX_WEBHOOK_SECRETS: env['PAYMENT_WEBHOOK_SECRET'] } : {}),
    SMTP_URL: `smtp://notification:local-smtp-password@127.0.0.1:${ports.MESSAGING_SMTP_PORT}`,
    SMS_PROVIDER_URL: local(ports.MESSAGING_SMS_PORT),
    // The web app signs in at the identity stand-in unless another provider is configured.
    OIDC_ISSUER: env['OIDC_ISSUER'] ?? local(ports.IDENTITY_SANDBOX_PORT),
    OIDC_AUDIENCE: env['OIDC_AUDIENCE'] ?? LOCAL_OIDC_AUDIENCE,
    CORS_ORIGINS: env['CORS_ORIGINS'] ?? local(String(WEB_PORT)),
    ...googleEnv(local(ports.GOOGLE_SANDBOX_PORT), `${local(String(WEB_PORT))}/calendar-connected`, [
      `${local(ports.GATEWAY_PORT)}/v1/calendar-connections/callback`,
    ]),
  };
}

/**
 * The Google stand-in's endpoints for the notification service, the page Google sends the host back
 * to (the web app's, which hands the answer to the API), and every redirect the stand-in accepts.
 */
function googleEnv(google: string, callback: string, alsoRegistered: string[]): NodeJS.ProcessEnv {
  return {
    GOOGLE_AUTH_URL: `${google}/o/oauth2/v2/auth`,
    GOOGLE_TOKEN_URL: `${google}/token`,
    GOOGLE_REVOKE_URL: `${google}/revoke`,
    GOOGLE_CALENDAR_API_URL: `${google}/`,
    GOOGLE_OAUTH_REDIRECT_URL: callback,
    GOOGLE_REDIRECT_URIS: [callback, ...alsoRegistered].join(' '),
  };
}
