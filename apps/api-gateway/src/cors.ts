import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/**
 * CORS for the browser front ends on the configured origins: what they may send (the bearer
 * token, JSON, an idempotency key, their request id) and read back (the headers the API sets).
 * Preflights carry no body, so the token check before the body lets them through to the plugin.
 */
export function allowOrigins(app: NestFastifyApplication, origins: string[]): void {
  if (origins.length === 0) return;
  app.enableCors({
    origin: origins,
    methods: ['GET', 'POST', 'PATCH'],
    allowedHeaders: ['authorization', 'content-type', 'idempotency-key', 'x-request-id'],
    exposedHeaders: ['x-request-id', 'idempotent-replayed', 'retry-after', 'location'],
    maxAge: 600,
  });
}
