import { join } from 'node:path';
import { CACHE_DIR, freePort } from '@booking/local-infra';
import { ServiceProcess } from './proof/service-process';

export interface IdentitySandboxProcess {
  url: string;
  stop(): Promise<void>;
}

/**
 * The identity stand-in in a process of its own, as `npm start` runs it: `oidc-provider` ships only
 * ES modules, which jest's module loader cannot load, so tests reach it over HTTP like a real provider.
 */
export async function startIdentitySandboxProcess(
  env: Record<string, string>,
): Promise<IdentitySandboxProcess> {
  const port = await freePort();
  const standIn = new ServiceProcess(
    'identity-sandbox',
    `identity-sandbox-${port}`,
    port,
    { ...process.env, ...env, IDENTITY_SANDBOX_PORT: String(port) },
    join(CACHE_DIR, 'identity-sandbox-logs'),
    '/.well-known/openid-configuration',
  );
  await standIn.start(30_000);
  return {
    url: env['IDENTITY_ISSUER'] ?? standIn.url,
    async stop() {
      if (standIn.running) await standIn.stop('SIGTERM');
      standIn.close();
    },
  };
}
