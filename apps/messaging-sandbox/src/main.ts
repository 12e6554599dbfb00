import { z } from 'zod';
import { parseConfig, standIn } from '@booking/config';
import { MessagingSandbox } from './messaging-sandbox';

const configSchema = z.object({
  /** 0.0.0.0 in a container, so that the services next to it can reach it. */
  MESSAGING_HOST: z.string().default('127.0.0.1'),
  MESSAGING_SMTP_PORT: z.coerce.number().int().min(0).max(65535).default(2525),
  MESSAGING_SMS_PORT: z.coerce.number().int().min(0).max(65535).default(3011),
  MESSAGING_SMTP_USERNAME: z.string().min(1).default('notification'),
  MESSAGING_SMTP_PASSWORD: z.string().min(1).default('local-smtp-password'),
  MESSAGING_SMS_API_KEY: z.string().min(1).default('sms_sandbox_local'),
});

async function main(): Promise<void> {
  const config = parseConfig(configSchema, process.env, { localOnly: standIn('messaging-sandbox') });
  const sandbox = await new MessagingSandbox({
    host: config.MESSAGING_HOST,
    smtpPort: config.MESSAGING_SMTP_PORT,
    smsPort: config.MESSAGING_SMS_PORT,
    smtpUsername: config.MESSAGING_SMTP_USERNAME,
    smtpPassword: config.MESSAGING_SMTP_PASSWORD,
    smsApiKey: config.MESSAGING_SMS_API_KEY,
  }).start();
  process.stdout.write(
    `${JSON.stringify({ service: 'messaging-sandbox', msg: 'listening', smtpPort: sandbox.mail.port, smsUrl: sandbox.sms.url })}\n`,
  );
  const stop = () => void sandbox.stop().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
