import { z } from 'zod';
import { parseConfig } from '@booking/config';
import { SandboxProvider } from './sandbox-server';

const sandboxConfigSchema = z.object({
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(3010),
  SANDBOX_API_KEY: z.string().min(1).default('sk_sandbox_local'),
  SANDBOX_WEBHOOK_URL: z.string().url().default('http://127.0.0.1:3000/v1/payments/webhook'),
  /** Space-separated: sign with each (rotation). */
  SANDBOX_WEBHOOK_SECRETS: z.string().min(1).default('whsec_bG9jYWwtZGV2ZWxvcG1lbnQtd2ViaG9vay1zZWNyZXQ='),
});

async function main(): Promise<void> {
  const config = parseConfig(sandboxConfigSchema, process.env);
  const sandbox = await new SandboxProvider({
    port: config.SANDBOX_PORT,
    apiKey: config.SANDBOX_API_KEY,
    webhookUrl: config.SANDBOX_WEBHOOK_URL,
    webhookSecrets: config.SANDBOX_WEBHOOK_SECRETS.split(' ').filter(Boolean),
  }).start();
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
