import { setTimeout as sleep } from 'node:timers/promises';
import { createConnection, createServer } from 'node:net';

export function canConnect(host: string, port: number, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export async function waitForPort(
  host: string,
  port: number,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await canConnect(host, port, 500)) return;
    await sleep(250);
  }
  throw new Error(`${what} did not accept connections on ${host}:${port} within ${timeoutMs} ms`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export function hostAndPort(address: string, defaultPort: number): { host: string; port: number } {
  const url = new URL(address.includes('://') ? address : `tcp://${address}`);
  return { host: url.hostname || '127.0.0.1', port: url.port ? Number(url.port) : defaultPort };
}

/** Polls `url` until it answers 2xx: a service has started and says it is ready. */
export async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await sleep(250);
  }
  throw new Error(`${url} was not ready within ${timeoutMs / 1000} s`);
}
