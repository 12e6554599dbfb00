import { z } from 'zod';

export const livenessSchema = z.object({ status: z.literal('up') });

export const readinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z
    .record(z.string(), z.string())
    .describe('`up`, or what went wrong, per dependency (Redis and each service behind the gateway)'),
});
