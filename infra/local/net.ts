import { setTimeout as sleep } from 'node:timers/promises';
import { readFile } from 'node:fs/promises';
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

/** Ports below the kernel's ephemeral range and above the well-known services. */
const FIRST_CHOSEN_PORT = 10_000;

/**
 * A port nobody listens on, for a server that binds it later. It lies below the ephemeral range,
 * so no outgoing connection made in the meantime (PostgreSQL, Kafka, fetch) can take it first.
 */
export async function freePort(): Promise<number> {
  const ephemeralStart = await ephemeralRangeStart();
  if (ephemeralStart - FIRST_CHOSEN_PORT < 1_000) return kernelChosenPort();
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = FIRST_CHOSEN_PORT + Math.floor(Math.random() * (ephemeralStart - FIRST_CHOSEN_PORT));
    if (await canListen(port)) return port;
  }
  throw new Error('no free port below the ephemeral range after 100 tries');
}

async function ephemeralRangeStart(): Promise<number> {
  // Linux's default when the file is absent (other systems) or unreadable.
  const range = await readFile('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').catch(() => '32768');
  return Number.parseInt(range, 10) || 32_768;
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

function kernelChosenPort(): Promise<number> {
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
