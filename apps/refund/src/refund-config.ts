import { z } from 'zod';
import { commonConfigSchema } from '@booking/config';
import { providerConfigSchema } from '@booking/payment-provider';

const int = (min: number, fallback: number) => z.coerce.number().int().min(min).default(fallback);

export const refundConfigSchema = commonConfigSchema.extend(providerConfigSchema.shape).extend({
  REFUND_PORT: z.coerce.number().int().min(0).max(65535).default(3003),
  /** Provider calls per refund before it is given up as `refund.failed`. */
  REFUND_MAX_ATTEMPTS: int(1, 8),
  /** Backoff before the n-th retry: up to base × 2^(n-1), capped, with jitter. */
  REFUND_RETRY_BASE_MS: int(1, 2_000),
  REFUND_RETRY_MAX_MS: int(1, 10 * 60_000),
  REFUND_POLL_INTERVAL_MS: int(10, 500),
  /** How long a claimed attempt is someone's; past it (a crash mid-call) another instance retries. */
  REFUND_LEASE_MS: int(100, 60_000),
});

export type RefundConfig = z.infer<typeof refundConfigSchema>;

/** What production refuses to run with when missing, short, a placeholder or the development default. */
export const REFUND_SECRETS = ['INTERNAL_JWT_SECRET', 'SANDBOX_API_KEY'] as const;
