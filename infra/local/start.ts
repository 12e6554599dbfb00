import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { ensureInfra, infraAddresses, stopStarted } from './infra';
import { waitForHttp } from './net';
import { ROOT_DIR } from './paths';
import { LOCAL_JWT_SECRET, PLATFORM_APPS, platformEnv, platformPorts, WEB_PORT } from './platform-env';
import { DEMO_RESOURCES } from './seed';

/**
 * `npm start`: PostgreSQL, Redis and Kafka (reused or started), the five services (each migrates
 * its own database on start), the local stand-ins, the web app, demo data, and the URLs. Ctrl-C stops everything it started.
 */
const JWT_SECRET = process.env['JWT_SECRET'] ?? LOCAL_JWT_SECRET;

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

function startService(name: string, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(
    process.execPath,
    ['-r', join(ROOT_DIR, 'infra/local/register.js'), join(ROOT_DIR, `apps/${name}/src/main.ts`)],
    { env, stdio: ['ignore', 'inherit', 'inherit'] },
  );
}

/** The web app on Vite's dev server, told where this platform's API and sign-in are. */
function startWebApp(env: NodeJS.ProcessEnv, gatewayUrl: string): ChildProcess {
  return spawn(
    process.execPath,
    [join(ROOT_DIR, 'node_modules/vite/bin/vite.js'), '--config', join(ROOT_DIR, 'apps/web/vite.config.mts')],
    {
      env: { ...env, WEB_API_URL: gatewayUrl, WEB_OIDC_ISSUER: env['OIDC_ISSUER'] },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}

async function token(sub: string, role: string): Promise<string> {
  return new SignJWT({ role })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub)
    .setExpirationTime('7d')
    .sign(new TextEncoder().encode(JWT_SECRET));
}

async function seed(gatewayUrl: string, adminToken: string): Promise<number> {
  const headers = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
  const existing = (await (await fetch(`${gatewayUrl}/v1/resources?limit=1`, { headers })).json()) as {
    data: unknown[];
  };
  if (existing.data.length > 0) return 0;
  for (const resource of DEMO_RESOURCES) {
    const response = await fetch(`${gatewayUrl}/v1/resources`, {
      method: 'POST',
      headers,
      body: JSON.stringify(resource),
    });
    if (response.status !== 201) throw new Error(`seeding ${resource.name} failed: ${await response.text()}`);
  }
  return DEMO_RESOURCES.length;
}

async function main(): Promise<void> {
  const addresses = infraAddresses(process.env);
  say('Starting or reusing PostgreSQL, Redis and Kafka …');
  const infra = await ensureInfra(addresses);
  for (const item of infra)
    say(`  ${item.name.padEnd(9)} ${item.started ? 'started' : 'reused '}  ${item.address}`);

  const ports = platformPorts(process.env);
  const env = platformEnv(process.env, addresses, ports);
  const gatewayUrl = `http://127.0.0.1:${ports.GATEWAY_PORT}`;
  const children = [...PLATFORM_APPS.map((app) => startService(app.name, env)), startWebApp(env, gatewayUrl)];
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    say('\nStopping the services …');
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    await stopStarted(infra);
    say('Stopped everything this command started.');
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  for (const child of children) {
    child.once('exit', (code) => {
      if (!stopping) {
        say(`A service exited (code ${code}); stopping the rest.`);
        void stop(1);
      }
    });
  }

  // The gateway is ready on its own; the seed needs the services behind it too.
  const services = PLATFORM_APPS.filter((app) => !app.name.endsWith('-sandbox'));
  await Promise.all(
    services.map((app) => waitForHttp(`http://127.0.0.1:${ports[app.env]}/health/ready`, 120_000)),
  );
  const [admin, customer, host] = await Promise.all([
    token('admin-1', 'admin'),
    token('customer-1', 'customer'),
    token('host-7', 'host'),
  ]);
  const seeded = await seed(gatewayUrl, admin);
  say('');
  await waitForHttp(`http://127.0.0.1:${WEB_PORT}/config.json`, 60_000);
  say('The booking platform is up.');
  say(`  Web app     http://127.0.0.1:${WEB_PORT}   (sign in as a demo customer, host or admin)`);
  say(`  API         ${gatewayUrl}/v1   (e.g. GET ${gatewayUrl}/v1/resources)`);
  say(`  Docs        ${gatewayUrl}/docs`);
  say(`  OpenAPI     ${gatewayUrl}/v1/openapi.json`);
  say(`  Health      ${gatewayUrl}/health/ready`);
  say(
    `  Payments    sandbox provider at http://127.0.0.1:${ports.SANDBOX_PORT} (a hold's paymentUrl leads there)`,
  );
  say(
    `  Messages    SMTP relay at 127.0.0.1:${ports.MESSAGING_SMTP_PORT}; what it received: http://127.0.0.1:${ports.MESSAGING_SMS_PORT}/_sandbox/emails (texts: /_sandbox/messages)`,
  );
  say(
    `  Google      stand-in at http://127.0.0.1:${ports.GOOGLE_SANDBOX_PORT} (its calendars: /_sandbox/calendars)`,
  );
  say(`  Sign-in     identity stand-in (OpenID Connect) at ${env['OIDC_ISSUER']}`);
  say(`  Demo data   ${seeded > 0 ? `${seeded} resources seeded` : 'already present'}`);
  say('  Tokens (7 days, signed with JWT_SECRET):');
  say(`    admin     ${admin}`);
  say(`    customer  ${customer}`);
  say(`    host      ${host}`);
  say('Ctrl-C stops everything this command started.');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
