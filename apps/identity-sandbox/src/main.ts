import { z } from 'zod';
import { parseConfig, standIn } from '@booking/config';
import { IdentitySandbox } from './identity-sandbox';

const identitySandboxConfigSchema = z.object({
  /** 0.0.0.0 in a container, so that the web app's users and the gateway can reach it. */
  IDENTITY_SANDBOX_HOST: z.string().default('127.0.0.1'),
  IDENTITY_SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(3013),
  /** The issuer as browsers and the gateway reach it (the gateway's OIDC_ISSUER). */
  IDENTITY_ISSUER: z.string().url().optional(),
  /** The API the tokens are for (the gateway's OIDC_AUDIENCE). */
  OIDC_AUDIENCE: z.string().min(1).default('urn:booking-platform:api'),
  WEB_CLIENT_ID: z.string().min(1).default('booking-web'),
  /** Space-separated: where the web app may be sent back to after signing in and out. */
  WEB_REDIRECT_URIS: z.string().min(1).default('http://127.0.0.1:5173/signed-in'),
  WEB_POST_LOGOUT_REDIRECT_URIS: z.string().min(1).default('http://127.0.0.1:5173/'),
});

const list = (value: string) => value.split(' ').filter(Boolean);

async function main(): Promise<void> {
  const config = parseConfig(identitySandboxConfigSchema, process.env, {
    localOnly: standIn('identity-sandbox'),
  });
  const sandbox = await new IdentitySandbox({
    port: config.IDENTITY_SANDBOX_PORT,
    host: config.IDENTITY_SANDBOX_HOST,
    issuer: config.IDENTITY_ISSUER,
    audience: config.OIDC_AUDIENCE,
    client: {
      clientId: config.WEB_CLIENT_ID,
      redirectUris: list(config.WEB_REDIRECT_URIS),
      postLogoutRedirectUris: list(config.WEB_POST_LOGOUT_REDIRECT_URIS),
    },
  }).start();
  process.stdout.write(
    `${JSON.stringify({ service: 'identity-sandbox', msg: 'listening', url: sandbox.url })}\n`,
  );
  const stop = () => void sandbox.stop().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
