import { livenessSchema, readinessSchema } from '@booking/contracts';
import { jsonSchema, operation } from '../openapi-builder';

/** Liveness and readiness, as every service answers them. */
export function healthPaths(): Record<string, unknown> {
  return {
    '/health/live': {
      get: operation({
        operationId: 'getLiveness',
        summary: 'Liveness',
        tags: ['health'],
        success: {
          status: 200,
          description: 'The process is up',
          schema: jsonSchema(livenessSchema, 'output'),
        },
        // As on every route, an address with NUL in it.
        errors: ['validation_failed'],
      }),
    },
    '/health/ready': {
      get: operation({
        operationId: 'getReadiness',
        summary: 'Readiness: the gateway can serve; Redis and each service behind it are reported',
        tags: ['health'],
        success: { status: 200, description: 'Ready', schema: jsonSchema(readinessSchema, 'output') },
        errors: ['validation_failed', 'service_unavailable'],
      }),
    },
  };
}
