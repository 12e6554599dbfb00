import { z } from 'zod';
import { parseConfig, standIn } from '@booking/config';
import { SandboxProvider } from './sandbox-server';

const sandboxConfigSchema = z.object({
  /** 0.0.0.0 in a container, so that the services next to it can reach it. */
  SANDBOX_HOST: z.string().default('127.0.0.1'),
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(3010),
  SANDBOX_API_KEY: z.string().min(1).default('sk_sandbox_local'),
  SANDBOX_WEBHOOK_URL: z.string().url().default('http://127.0.0.1:3000/v1/payments/webhook'),
  /** Space-separated: sign with each (rotation). */
  SANDBOX_WEBHOOK_SECRETS: z.string().min(1).default('whsec_bG9jYWwtZGV2ZWxvcG1lbnQtd2ViaG9vay1zZWNyZXQ='),
  /** How deliveries misbehave from the start (also changeable at run time: POST /_sandbox/faults). */
  SANDBOX_WEBHOOK_COPIES: z.coerce.number().int().min(1).max(50).default(1),
  SANDBOX_WEBHOOK_EXTRA_IDS: z.coerce.number().int().min(0).max(50).default(0),
  SANDBOX_WEBHOOK_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  SANDBOX_WEBHOOK_OUT_OF_ORDER: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

async function main(): Promise<void> {
  const config = parseConfig(sandboxConfigSchema, process.env, { localOnly: standIn('payment-sandbox') });
  const sandbox = await new SandboxProvider({
    port: config.SANDBOX_PORT,
    host: config.SANDBOX_HOST,
    apiKey: config.SANDBOX_API_KEY,
    webhookUrl: config.SANDBOX_WEBHOOK_URL,
    webhookSecrets: config.SANDBOX_WEBHOOK_SECRETS.split(' ').filter(Boolean),
  }).start();
  sandbox.setFaults({
    delivery: {
      copies: config.SANDBOX_WEBHOOK_COPIES,
      extraIds: config.SANDBOX_WEBHOOK_EXTRA_IDS,
      delayMs: config.SANDBOX_WEBHOOK_DELAY_MS,
      outOfOrder: config.SANDBOX_WEBHOOK_OUT_OF_ORDER,
    },
  });
  process.stdout.write(
    `${JSON.stringify({ service: 'payment-sandbox', msg: 'listening', url: sandbox.url })}\n`,
  );
  const stop = () => void sandbox.stop().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
