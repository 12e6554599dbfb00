import { z } from 'zod';
import { parseConfig, standIn } from '@booking/config';
import { GoogleSandbox } from './google-sandbox';

const googleSandboxConfigSchema = z.object({
  /** 0.0.0.0 in a container, so that the services next to it can reach it. */
  GOOGLE_SANDBOX_HOST: z.string().default('127.0.0.1'),
  GOOGLE_SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(3012),
  GOOGLE_CLIENT_ID: z.string().min(1).default('local-client.apps.googleusercontent.com'),
  GOOGLE_CLIENT_SECRET: z.string().min(1).default('local-google-client-secret'),
  /** Space-separated: the redirect URIs the client registered (the gateway's callback). */
  GOOGLE_REDIRECT_URIS: z.string().min(1).default('http://127.0.0.1:3000/v1/calendar-connections/callback'),
});

async function main(): Promise<void> {
  const config = parseConfig(googleSandboxConfigSchema, process.env, {
    localOnly: standIn('google-sandbox'),
  });
  const sandbox = await new GoogleSandbox({
    port: config.GOOGLE_SANDBOX_PORT,
    host: config.GOOGLE_SANDBOX_HOST,
    client: {
      clientId: config.GOOGLE_CLIENT_ID,
      clientSecret: config.GOOGLE_CLIENT_SECRET,
      redirectUris: config.GOOGLE_REDIRECT_URIS.split(' ').filter(Boolean),
    },
  }).start();
  process.stdout.write(
    `${JSON.stringify({ service: 'google-sandbox', msg: 'listening', url: sandbox.url })}\n`,
  );
  const stop = () => void sandbox.stop().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
