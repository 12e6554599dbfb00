import { availabilityQuery } from '@booking/contracts';
import { operation } from '../openapi-builder';
import { page } from './shared';

/** The search for resources free over a whole period. */
export function availabilityPaths(): Record<string, unknown> {
  return {
    '/v1/availability': {
      get: operation({
        operationId: 'findAvailableResources',
        summary: 'Resources free for a whole period',
        description: 'Widened by each resource’s buffers. May be up to 60 s stale; a hold is the only truth.',
        tags: ['availability'],
        roles: 'any',
        query: availabilityQuery,
        success: {
          status: 200,
          description: 'A page of free resources',
          schema: page('#/components/schemas/Resource'),
        },
        errors: ['validation_failed', 'end_before_start', 'too_long'],
      }),
    },
  };
}
