import { z } from 'zod';
import { commonConfigSchema } from '@booking/config';

export const refundConfigSchema = commonConfigSchema.extend({
  REFUND_PORT: z.coerce.number().int().min(0).max(65535).default(3003),
});

export type RefundConfig = z.infer<typeof refundConfigSchema>;
