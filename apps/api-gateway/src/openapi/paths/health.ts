import { operation } from '../openapi-builder';
import { LIVENESS_SCHEMA, READINESS_SCHEMA } from '../response-schemas';

/** Liveness and readiness, as every service answers them. */
export function healthPaths(): Record<string, unknown> {
  return {
    '/health/live': {
      get: operation({
        operationId: 'getLiveness',
        summary: 'Liveness',
        tags: ['health'],
        success: { status: 200, description: 'The process is up', schema: LIVENESS_SCHEMA },
        // As on every route, an address with NUL in it.
        errors: ['validation_failed'],
      }),
    },
    '/health/ready': {
      get: operation({
        operationId: 'getReadiness',
        summary: 'Readiness: the gateway can serve; Redis and each service behind it are reported',
        tags: ['health'],
        success: { status: 200, description: 'Ready', schema: READINESS_SCHEMA },
        errors: ['validation_failed', 'service_unavailable'],
      }),
    },
  };
}
