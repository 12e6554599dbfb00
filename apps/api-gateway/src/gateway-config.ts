import { z } from 'zod';
import { shutdownConfigSchema } from '@booking/config';

const url = (fallback: string) => z.string().url().default(fallback);
/** One URL, or several separated by commas: the instances of a service the gateway balances over. */
const urls = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value) =>
      value
        .split(',')
        .map((each) => each.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().url()).min(1, 'must name at least one URL'));
const optional = z
  .string()
  .optional()
  .transform((value) => (value ? value : undefined));

export const gatewayConfigSchema = z
  .object({
    ...shutdownConfigSchema.shape,
    GATEWAY_PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    JWT_SECRET: z
      .string()
      .min(16, 'must be at least 16 characters')
      .default('local-development-secret-change-me'),
    INTERNAL_JWT_SECRET: z.string().min(16).default('local-development-internal-secret'),
    JWT_ISSUER: optional,
    JWT_AUDIENCE: optional,
    /** `off`: only the OpenID Connect provider's tokens are taken, none signed with JWT_SECRET. */
    JWT_HS256: z.enum(['on', 'off']).default('on'),
    /** The longest a token may still be valid for: one whose `exp` lies further ahead is refused. */
    JWT_MAX_LIFETIME_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .default(8 * 86_400),
    /** An OpenID Connect provider whose RS256/ES256 access tokens the gateway accepts too. */
    OIDC_ISSUER: optional.pipe(z.string().url().optional()),
    OIDC_AUDIENCE: optional,
    OIDC_JWKS_URI: optional.pipe(z.string().url().optional()),
    OIDC_USER_CLAIM: z.string().min(1).default('sub'),
    OIDC_ROLE_CLAIM: z.string().min(1).default('role'),
    REDIS_URL: url('redis://127.0.0.1:6379'),
    REDIS_KEY_PREFIX: z.string().default(''),
    REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(10).default(1_000),
    BOOKING_URL: urls('http://127.0.0.1:3001'),
    PAYMENT_URL: urls('http://127.0.0.1:3002'),
    REFUND_URL: urls('http://127.0.0.1:3003'),
    NOTIFICATION_URL: urls('http://127.0.0.1:3004'),
    /** Checkout links opened per client address per window: each one opens a provider session. */
    CHECKOUT_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    CHECKOUT_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
    /**
     * `POST /v1/bookings` per client address per window, whoever signs in: beside each customer's
     * own hold limit, it bounds one address minting accounts. Generous, as a carrier's NAT puts
     * many customers behind one address.
     */
    HOLD_ADDRESS_RATE_LIMIT: z.coerce.number().int().min(1).default(100),
    HOLD_ADDRESS_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
    /**
     * Which proxies' `X-Forwarded-For` names the client (Fastify's trustProxy): a hop count, or
     * addresses and CIDRs separated by commas. Unset: the peer is the client.
     */
    TRUST_PROXY: optional.transform((value) =>
      value === undefined ? false : /^\d+$/.test(value) ? Number(value) : value,
    ),
    /**
     * Browser origins allowed to call the API from another site, separated by commas
     * (`https://app.example.com`). Empty, the default: no CORS headers, so no other site may.
     */
    CORS_ORIGINS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z.string().regex(/^https?:\/\/[^/\s,]+$/, 'must be an origin such as https://app.example.com'),
        ),
      ),
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
    LISTEN_HOST: z.string().min(1).default('127.0.0.1'),
  })
  .refine((config) => !config.OIDC_ISSUER || config.OIDC_AUDIENCE, {
    path: ['OIDC_AUDIENCE'],
    message: 'is required with OIDC_ISSUER: the API identifier the provider puts in aud',
  })
  .refine((config) => config.JWT_HS256 === 'on' || config.OIDC_ISSUER, {
    path: ['JWT_HS256'],
    message: 'off needs OIDC_ISSUER: otherwise no token could be accepted',
  });

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

/**
 * What a deployment must say of its own tokens: HS256 tokens without a required issuer and
 * audience would be taken from any system that shares the secret.
 */
export function localOnlyTokenSettings(config: GatewayConfig): string[] {
  return config.JWT_HS256 === 'on' && (!config.JWT_ISSUER || !config.JWT_AUDIENCE)
    ? ['JWT_ISSUER, JWT_AUDIENCE: required for HS256 tokens outside development (or set JWT_HS256=off)']
    : [];
}

/** What production refuses to run with when missing, short, a placeholder or the development default. */
export const GATEWAY_SECRETS = ['JWT_SECRET', 'INTERNAL_JWT_SECRET'] as const;
