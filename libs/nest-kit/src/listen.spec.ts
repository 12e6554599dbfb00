import { spawnSync } from 'node:child_process';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createFastifyAdapter, listen, LISTEN_BACKLOG } from './bootstrap';
import { HTTP_SERVER_LIMITS } from '@booking/config';
import { JsonLogger } from './json-logger';

@Module({})
class EmptyModule {}

const BURST = 1_000;

/**
 * Opens `BURST` connections at once from another process while this one is blocked in
 * spawnSync, so none is accepted: what connects is what the kernel's accept queue holds.
 */
function connectionsQueued(port: number): number {
  const script = `
    const net = require('node:net');
    let connected = 0;
    const sockets = Array.from({ length: ${BURST} }, () =>
      net.connect(${port}, '127.0.0.1').on('connect', () => { connected += 1; }).on('error', () => {}));
    const started = Date.now();
    const check = setInterval(() => {
      if (connected < ${BURST} && Date.now() - started < 1500) return;
      clearInterval(check);
      for (const socket of sockets) socket.destroy();
      process.stdout.write(String(connected));
    }, 20);`;
  const child = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 10_000 });
  return Number(child.stdout);
}

async function emptyApp(): Promise<NestFastifyApplication> {
  return NestFactory.create<NestFastifyApplication>(EmptyModule, createFastifyAdapter(), { logger: false });
}

describe('listen', () => {
  const apps: NestFastifyApplication[] = [];
  afterAll(() => Promise.all(apps.map((app) => app.close())));

  it('queues a burst of 1,000 connections that arrive before any is accepted', async () => {
    const app = await emptyApp();
    apps.push(app);
    const url = await listen(app, 0, new JsonLogger('test', 'error', () => undefined));
    expect(LISTEN_BACKLOG).toBeGreaterThan(BURST);
    expect(connectionsQueued(Number(new URL(url).port))).toBe(BURST);
  });

  it("drops part of the burst with Node's default backlog, which is why listen sets its own", async () => {
    const app = await emptyApp();
    apps.push(app);
    await app.listen(0, '127.0.0.1');
    const queued = connectionsQueued(Number(new URL(await app.getUrl()).port));
    expect(queued).toBeGreaterThan(0);
    expect(queued).toBeLessThan(BURST);
  });
});

describe('createFastifyAdapter', () => {
  it('puts the platform’s limits on its server: headers, whole request, keep-alive, requests per socket', () => {
    const server = createFastifyAdapter().getInstance().server;
    expect({
      headersMs: server.headersTimeout,
      requestMs: server.requestTimeout,
      keepAliveMs: server.keepAliveTimeout,
      maxRequestsPerSocket: server.maxRequestsPerSocket,
    }).toEqual(HTTP_SERVER_LIMITS);
  });
});
