import {
  createResourceSchema,
  listResourcesQuery,
  slotViewSchema,
  slotsQuery,
  updateResourceSchema,
  updateScheduleSchema,
} from '@booking/contracts';
import { jsonSchema, operation } from '../openapi-builder';
import { CREATE_RESOURCE_EXAMPLES } from '../request-examples';
import { page } from './shared';

/** Resources: made, listed, read and changed by admins; hours set by their hosts; slots for anyone. */
export function resourcesPaths(): Record<string, unknown> {
  return {
    '/v1/resources': {
      post: operation({
        operationId: 'createResource',
        summary: 'Create a resource',
        tags: ['resources'],
        roles: ['admin'],
        body: createResourceSchema,
        bodyExamples: CREATE_RESOURCE_EXAMPLES,
        success: {
          status: 201,
          description: 'The resource',
          schema: { $ref: '#/components/schemas/Resource' },
        },
        errors: ['validation_failed'],
      }),
      get: operation({
        operationId: 'listResources',
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
        operationId: 'getResource',
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
        operationId: 'updateResource',
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
    '/v1/resources/{resourceId}/schedule': {
      patch: operation({
        operationId: 'updateResourceSchedule',
        summary: 'Change when a resource can be booked',
        description:
          'Business hours, buffers, slot grid and notice; fields that are absent keep their value. ' +
          'The resource’s own host (its `ownerId`) or an admin; prices, deposit and policy stay an admin’s.',
        tags: ['resources'],
        roles: ['host', 'admin'],
        pathParams: ['resourceId'],
        body: updateScheduleSchema,
        success: {
          status: 200,
          description: 'The resource',
          schema: { $ref: '#/components/schemas/Resource' },
        },
        errors: ['validation_failed', 'not_found'],
      }),
    },
    '/v1/resources/{resourceId}/slots': {
      get: operation({
        operationId: 'listResourceSlots',
        summary: 'Bookable slots of a resource, for days in the viewer’s zone',
        description:
          'A slot is listed exactly when a hold of it would succeed now: on the `slotMinutes` grid from the start ' +
          'of each business-hours opening, inside business hours, its blocked range free, at least ' +
          '`minNoticeMinutes` ahead. `from` and `to` are dates in `timeZone` (default: the resource’s), both included.',
        tags: ['resources'],
        roles: 'any',
        pathParams: ['resourceId'],
        query: slotsQuery,
        success: {
          status: 200,
          description: 'The slots, UTC and in the viewer’s zone',
          schema: {
            type: 'object',
            properties: { data: { type: 'array', items: jsonSchema(slotViewSchema, 'output') } },
          },
        },
        errors: ['validation_failed', 'invalid_time_zone', 'end_before_start', 'too_long', 'not_found'],
      }),
    },
  };
}
