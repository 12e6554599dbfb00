import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort, waitForHttp } from '@booking/local-infra';

const ROOT = join(__dirname, '../../..');
const MAIN = join(ROOT, 'apps/identity-sandbox/src/main.ts');

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
  const child = spawn(process.execPath, ['-r', join(ROOT, 'infra/local/register.js'), MAIN], {
    env: { ...process.env, ...env, IDENTITY_SANDBOX_PORT: String(port) },
    stdio: 'ignore',
  });
  const url = env['IDENTITY_ISSUER'] ?? `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  try {
    await waitForHttp(`http://127.0.0.1:${port}/.well-known/openid-configuration`, 30_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
