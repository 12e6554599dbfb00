export {
  PAYMENT_PROVIDER,
  type CheckoutRequest,
  type PaymentProvider,
  type RefundRequest,
  type RefundResult,
} from './payment-provider';
export { SandboxProviderClient, type SandboxProviderSettings } from './sandbox-provider-client';
export {
  createPaymentProvider,
  providerConfigSchema,
  standInProviderProblems,
  type ProviderConfig,
} from './provider-config';
export {
  DEFAULT_TOLERANCE_SECONDS,
  signWebhook,
  verifyWebhook,
  WEBHOOK_HEADERS,
  webhookKey,
  type WebhookRefusal,
} from './standard-webhooks';
