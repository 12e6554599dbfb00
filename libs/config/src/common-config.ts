import { z } from 'zod';

/**
 * How a process stops on SIGTERM: out of rotation at once and still serving for the drain (so
 * balancers stop sending first), then closed; forced out, exit code 1, once the grace has passed.
 */
export const shutdownConfigSchema = z.object({
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(0),
  // Past the gateway's 10 s wait for an answer (UPSTREAM_TIMEOUT_MS), so a forced exit never cuts
  // a request the gateway still waits for; within Kubernetes' 30 s termination grace.
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(20_000),
});

export type ShutdownConfig = z.infer<typeof shutdownConfigSchema>;

/** Settings every service reads; each app extends this with its own. */
export const commonConfigSchema = z.object({
  ...shutdownConfigSchema.shape,
  DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432'),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  REDIS_KEY_PREFIX: z.string().default(''),
  KAFKA_BROKERS: z
    .string()
    .default('127.0.0.1:9092')
    .transform((value) =>
      value
        .split(',')
        .map((broker) => broker.trim())
        .filter(Boolean),
    ),
  KAFKA_TOPIC_PREFIX: z.string().default(''),
  /** Attempts at a consumed event before it goes to its topic's dead-letter topic (`<topic>.dlq`). */
  EVENT_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(10),
  /** TLS to the brokers (`true`), and SASL when a mechanism is named; both off for a local broker. */
  KAFKA_SSL: z.enum(['true', 'false']).default('false'),
  KAFKA_SASL_MECHANISM: z.enum(['plain', 'scram-sha-256', 'scram-sha-512']).optional(),
  KAFKA_SASL_USERNAME: z.string().default(''),
  KAFKA_SASL_PASSWORD: z.string().default(''),
  /** Database names are `${DATABASE_PREFIX}${service}`, so test runs get databases of their own. */
  DATABASE_PREFIX: z.string().default(''),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  /** Where the service listens: this machine only unless a container says 0.0.0.0. */
  LISTEN_HOST: z.string().min(1).default('127.0.0.1'),
  /** The key of the tokens the gateway signs for every request it forwards (the same on both sides). */
  INTERNAL_JWT_SECRET: z.string().min(16).default('local-development-internal-secret'),
  /** PostgreSQL's limits per session of a service's pool: no statement, lock wait or idle transaction runs on. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  DB_LOCK_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  // Above the outbox relay's longest Kafka send, which it awaits inside its transaction.
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(60_000),
  /** Sessions of the pool (10 at most) opened before the service listens, not on its first requests. */
  DB_POOL_WARM: z.coerce.number().int().min(0).max(10).default(10),
  /** Redis: how long one command may take before it fails (the platform then answers 503 or falls back). */
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(10).default(1_000),
});

export type CommonConfig = z.infer<typeof commonConfigSchema>;
