import { z } from 'zod';
import type { PaymentProvider } from './payment-provider';
import { SandboxProviderClient } from './sandbox-provider-client';

/** The provider settings the payment and refund services share. */
export const providerConfigSchema = z.object({
  PAYMENT_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  SANDBOX_PROVIDER_URL: z.string().url().default('http://127.0.0.1:3010'),
  SANDBOX_API_KEY: z.string().min(1).default('sk_sandbox_local'),
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(50).default(5_000),
});

export type ProviderConfig = z.infer<typeof providerConfigSchema>;

/** The sandbox is the local stand-in: a deployment needs a real provider's adapter. */
export function standInProviderProblems(config: ProviderConfig): string[] {
  return config.PAYMENT_PROVIDER === 'sandbox'
    ? ['PAYMENT_PROVIDER: sandbox is the local stand-in; a deployment needs a real provider']
    : [];
}

export function createPaymentProvider(config: ProviderConfig): PaymentProvider {
  switch (config.PAYMENT_PROVIDER) {
    case 'sandbox':
      return new SandboxProviderClient({
        baseUrl: config.SANDBOX_PROVIDER_URL,
        apiKey: config.SANDBOX_API_KEY,
        timeoutMs: config.PROVIDER_TIMEOUT_MS,
      });
  }
}
