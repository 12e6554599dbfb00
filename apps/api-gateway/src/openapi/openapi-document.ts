import {
  createResourceSchema,
  listResourcesQuery,
  resourceViewSchema,
  updateResourceSchema,
} from '@booking/contracts';
import { jsonSchema, operation, PROBLEM_SCHEMA } from './openapi-builder';

const page = (ref: string) => ({
  type: 'object',
  required: ['data', 'nextCursor'],
  properties: { data: { type: 'array', items: { $ref: ref } }, nextCursor: { type: ['string', 'null'] } },
});

/** The public API as OpenAPI 3.1, its bodies generated from the same schemas that validate them. */
export function buildOpenApiDocument(): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Booking platform API',
      version: '1.0.0',
      description:
        'Book anything rented by the hour or the day. Errors are RFC 9457 problem+json with a stable `code`. ' +
        'Instants are RFC 3339 UTC; anything in a zone also carries its wall-clock form and IANA `timeZone`.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT (HS256)' } },
      parameters: {
        RequestId: {
          name: 'X-Request-Id',
          in: 'header',
          required: false,
          description: 'Echoed on the response; one is made when absent.',
          schema: { type: 'string' },
        },
      },
      schemas: {
        Problem: PROBLEM_SCHEMA,
        Resource: jsonSchema(resourceViewSchema, 'output'),
      },
    },
    paths: {
      '/v1/resources': {
        post: operation({
          summary: 'Create a resource',
          tags: ['resources'],
          roles: ['admin'],
          body: createResourceSchema,
          success: {
            status: 201,
            description: 'The resource',
            schema: { $ref: '#/components/schemas/Resource' },
          },
          errors: ['validation_failed'],
        }),
        get: operation({
          summary: 'List resources',
          tags: ['resources'],
          roles: 'any',
          query: listResourcesQuery,
          success: {
            status: 200,
            description: 'A page of resources',
            schema: page('#/components/schemas/Resource'),
          },
          errors: ['validation_failed'],
        }),
      },
      '/v1/resources/{resourceId}': {
        get: operation({
          summary: 'Read a resource',
          tags: ['resources'],
          roles: 'any',
          pathParams: ['resourceId'],
          success: {
            status: 200,
            description: 'The resource',
            schema: { $ref: '#/components/schemas/Resource' },
          },
          errors: ['not_found'],
        }),
        patch: operation({
          summary: 'Change a resource',
          description: 'Fields that are absent keep their value.',
          tags: ['resources'],
          roles: ['admin'],
          pathParams: ['resourceId'],
          body: updateResourceSchema,
          success: {
            status: 200,
            description: 'The resource',
            schema: { $ref: '#/components/schemas/Resource' },
          },
          errors: ['validation_failed', 'not_found'],
        }),
      },
      '/health/live': {
        get: operation({
          summary: 'Liveness',
          tags: ['health'],
          success: { status: 200, description: 'The process is up' },
          errors: [],
        }),
      },
      '/health/ready': {
        get: operation({
          summary: 'Readiness: Redis and every service behind the gateway answer',
          tags: ['health'],
          success: { status: 200, description: 'Ready' },
          errors: ['service_unavailable'],
        }),
      },
    },
  };
}
