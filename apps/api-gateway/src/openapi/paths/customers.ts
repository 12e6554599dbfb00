import { operation } from '../openapi-builder';

/** A customer’s standing: what it allows, and its reset. */
export function customersPaths(): Record<string, unknown> {
  return {
    '/v1/customers/{customerId}/standing': {
      get: operation({
        operationId: 'getCustomerStanding',
        summary: 'A customer’s standing',
        description:
          'No-shows (a late cancel by the customer counts as one) over the last 90 days: 1 warns on the ' +
          'customer’s booking responses, 2 allow only starts at least 24 h ahead for 30 days, 3 freeze booking ' +
          'until an admin resets it. Another customer’s standing is 404. Thresholds are configuration.',
        tags: ['customers'],
        roles: ['customer', 'admin'],
        pathParams: ['customerId'],
        success: {
          status: 200,
          description: 'The standing',
          schema: { $ref: '#/components/schemas/Standing' },
        },
        errors: ['not_found'],
      }),
    },
    '/v1/customers/{customerId}/standing/reset': {
      post: operation({
        operationId: 'resetCustomerStanding',
        summary: 'Lift a customer’s standing',
        description: 'No-shows before now stop counting.',
        tags: ['customers'],
        roles: ['admin'],
        pathParams: ['customerId'],
        success: {
          status: 200,
          description: 'The standing after the reset',
          schema: { $ref: '#/components/schemas/Standing' },
        },
        errors: [],
      }),
    },
  };
}
