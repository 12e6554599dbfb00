import type { Server } from 'node:http';
import { connect } from 'node:net';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createFastifyAdapter } from './bootstrap';

/** Answers once the test lets it: a request in flight while the app closes. */
let slowReached: () => void = () => undefined;
let releaseSlow: () => void = () => undefined;

@Controller()
class ClosingController {
  @Get('slow')
  async slow(): Promise<{ answered: string }> {
    slowReached();
    await new Promise<void>((resolve) => (releaseSlow = resolve));
    return { answered: 'slow' };
  }

  @Get('next')
  next(): { answered: string } {
    return { answered: 'next' };
  }
}

@Module({ controllers: [ClosingController] })
class ClosingModule {}

const request = (path: string) => `GET ${path} HTTP/1.1\r\nHost: test\r\n\r\n`;

describe('an app closing while a kept-alive connection still carries requests', () => {
  it('answers a request that arrives on it after the close began, rather than 503', async () => {
    const app = await NestFactory.create<NestFastifyApplication>(ClosingModule, createFastifyAdapter(), {
      logger: false,
    });
    await app.listen(0, '127.0.0.1');
    const server: Server = app.getHttpServer();
    let parsed = 0;
    const secondParsed = new Promise<void>((resolve) =>
      server.prependListener('request', () => (++parsed === 2 ? resolve() : undefined)),
    );
    const reached = new Promise<void>((resolve) => (slowReached = resolve));
    const socket = connect(Number(new URL(await app.getUrl()).port), '127.0.0.1');
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const socketClosed = new Promise<void>((resolve) => socket.on('close', () => resolve()));

    socket.write(request('/slow'));
    await reached;
    // The close finds the connection busy, so it stays open; the next request arrives on it.
    const closed = app.close();
    socket.write(request('/next'));
    await secondParsed;
    releaseSlow();
    await Promise.all([closed, socketClosed]);

    expect(text).toContain('{"answered":"slow"}');
    expect(text).toContain('{"answered":"next"}');
    expect(text).not.toContain('503');
  });
});
