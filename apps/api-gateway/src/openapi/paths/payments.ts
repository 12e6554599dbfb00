import { paymentLinkQuery, webhookEnvelopeSchema, webhookReceivedSchema } from '@booking/contracts';
import { WEBHOOK_HEADERS } from '@booking/payment-provider';
import { jsonSchema, operation } from '../openapi-builder';

/** The provider’s webhook and the checkout link a hold’s paymentUrl opens. */
export function paymentsPaths(): Record<string, unknown> {
  return {
    '/v1/payments/webhook': {
      post: operation({
        operationId: 'receivePaymentWebhook',
        summary: 'The payment provider reports an event (Standard Webhooks)',
        description:
          'Signed with `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`, ' +
          'several space-separated while a secret rotates). Any number of deliveries of one payment have one effect; ' +
          'unknown types are acknowledged and ignored.',
        tags: ['payments'],
        headers: Object.values(WEBHOOK_HEADERS).map((name) => ({
          name,
          description: 'Standard Webhooks',
          required: true,
        })),
        body: webhookEnvelopeSchema,
        success: {
          status: 200,
          description: 'Accepted (recorded, a duplicate, or ignored)',
          schema: jsonSchema(webhookReceivedSchema, 'output'),
        },
        errors: ['unauthorized', 'validation_failed'],
      }),
    },
    '/v1/payments/checkout/{bookingId}': {
      get: operation({
        operationId: 'openCheckout',
        summary:
          "A hold's payment link, followed by a browser without a token: redirects to the provider's checkout of the hold's deposit",
        tags: ['payments'],
        pathParams: ['bookingId'],
        query: paymentLinkQuery,
        success: { status: 303, description: 'See Other: the checkout page', headers: ['Location'] },
        errors: [
          'validation_failed',
          'unauthorized',
          'not_found',
          'invalid_transition',
          'rate_limited',
          'service_unavailable',
        ],
      }),
    },
  };
}
