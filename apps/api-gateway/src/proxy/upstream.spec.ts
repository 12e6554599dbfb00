import { createServer, type AddressInfo, type Socket } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '@booking/contracts';
import { DRAINING_HEADER } from '@booking/nest-kit';
import { parseConfig } from '@booking/config';
import { gatewayConfigSchema } from '../gateway-config';
import { Upstream } from './upstream';

const OK = 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\nok';

interface FakeService {
  url: string;
  requests: () => number;
  close: () => void;
}

/** A service over raw TCP: `answer` writes to (or resets) the socket, given its count of requests. */
async function fakeService(answer: (socket: Socket, onThisSocket: number) => void): Promise<FakeService> {
  let requests = 0;
  const sockets = new Set<Socket>();
  const server = createServer((socket: Socket) => {
    sockets.add(socket);
    let onThisSocket = 0;
    socket.on('data', () => {
      requests += 1;
      answer(socket, ++onThisSocket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    // The gateway keeps its sockets alive: closing must not wait for them.
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

/**
 * A service that answers the first `answered` requests on each connection and resets the
 * connection at the next one, as a service does that closes an idle socket as a request arrives.
 */
const serviceThatResetsAfter = (answered: number): Promise<FakeService> =>
  fakeService((socket, onThisSocket) =>
    onThisSocket > answered ? socket.resetAndDestroy() : socket.write(OK),
  );

/** A service shutting down: it still answers, each answer closing its connection and saying why. */
const serviceShuttingDown = (): Promise<FakeService> =>
  fakeService((socket) =>
    socket.end(
      `HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n${DRAINING_HEADER}: 1\r\n\r\nok`,
    ),
  );

/** A healthy service that closes each connection after one answer, as at `maxRequestsPerSocket`. */
const serviceClosingEachConnection = (): Promise<FakeService> =>
  fakeService((socket) => socket.end('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok'));

const upstreamTo = (...urls: string[]): Upstream =>
  new Upstream(
    parseConfig(gatewayConfigSchema, {
      INTERNAL_JWT_SECRET: 'upstream-spec-internal-secret',
      BOOKING_URL: urls.join(','),
    }),
  );

/** A port nothing listens on: connections to it are refused. */
async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

/** A client's POST as the gateway's route hands it on, with an Idempotency-Key or without. */
const post = (idempotencyKey?: string) =>
  ({
    id: 'req-1',
    method: 'POST',
    url: '/bookings',
    headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
    rawBody: '{}',
  }) as unknown as FastifyRequest;

describe('Upstream', () => {
  const services: FakeService[] = [];
  afterEach(() => {
    for (const service of services.splice(0)) service.close();
  });

  it('sends a GET again on a new socket when the service resets a kept-alive one', async () => {
    const service = await serviceThatResetsAfter(1);
    services.push(service);
    const upstream = upstreamTo(service.url);
    await upstream.ready('booking');
    await expect(upstream.ready('booking')).resolves.toBeUndefined();
    // The first, the one the reused socket lost, and that one again on a new socket.
    expect(service.requests()).toBe(3);
  });

  it('answers service_unavailable, without sending it again, when a new socket is reset', async () => {
    const service = await serviceThatResetsAfter(0);
    services.push(service);
    const failure = await upstreamTo(service.url)
      .forward(post('key-1'), 'booking', '/bookings')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DomainError);
    expect((failure as DomainError).code).toBe('service_unavailable');
    // docs/api.md: the client may try again after a second.
    expect((failure as DomainError).headers).toEqual({ 'retry-after': '1' });
    expect(service.requests()).toBe(1);
  });

  it('sends a POST again only when an Idempotency-Key makes that harmless', async () => {
    const service = await serviceThatResetsAfter(1);
    services.push(service);
    const upstream = upstreamTo(service.url);
    await upstream.ready('booking');
    const honoursKeys = { headers: ['idempotency-key'] };
    const keyed = await upstream.forward(post('key-1'), 'booking', '/bookings', honoursKeys);
    expect(keyed.status).toBe(200);
    expect(service.requests()).toBe(3);

    const unkeyed = await upstream
      .forward(post(), 'booking', '/bookings', honoursKeys)
      .catch((error: unknown) => error);
    expect((unkeyed as DomainError).code).toBe('service_unavailable');
    expect(service.requests()).toBe(4);
  });

  it('does not send a POST again for a key its route does not honour (a cancel would answer 409)', async () => {
    const service = await serviceThatResetsAfter(1);
    services.push(service);
    const upstream = upstreamTo(service.url);
    await upstream.ready('booking');
    const failure = await upstream
      .forward(post('key-1'), 'booking', '/bookings/b-1/cancel')
      .catch((error: unknown) => error);
    expect((failure as DomainError).code).toBe('service_unavailable');
    expect(service.requests()).toBe(2);
  });

  it('balances requests over the instances of a service, in turns', async () => {
    const [one, two] = await Promise.all([
      serviceThatResetsAfter(Infinity),
      serviceThatResetsAfter(Infinity),
    ]);
    services.push(one, two);
    const upstream = upstreamTo(one.url, two.url);
    for (let i = 0; i < 4; i += 1) await upstream.ready('booking');
    // ready() asks every instance; the forwarded requests take turns.
    for (let i = 0; i < 4; i += 1) await upstream.forward(post(), 'booking', '/bookings');
    expect([one.requests(), two.requests()]).toEqual([6, 6]);
  });

  it('sends a request to the next instance when one refuses the connection, even a POST', async () => {
    const live = await serviceThatResetsAfter(Infinity);
    services.push(live);
    const upstream = upstreamTo(await closedPort(), live.url);
    for (let i = 0; i < 4; i += 1) {
      expect((await upstream.forward(post(), 'booking', '/bookings')).status).toBe(200);
    }
    expect(live.requests()).toBe(4);
    await expect(upstream.ready('booking')).resolves.toBeUndefined();
    await expect(upstreamTo(await closedPort()).ready('booking')).rejects.toThrow('no instance of booking');
  });

  it('stops sending to an instance whose answers say it is shutting down', async () => {
    const [leaving, staying] = await Promise.all([serviceShuttingDown(), serviceThatResetsAfter(Infinity)]);
    services.push(leaving, staying);
    const upstream = upstreamTo(leaving.url, staying.url);
    for (let i = 0; i < 6; i += 1) {
      expect((await upstream.forward(post(), 'booking', '/bookings')).status).toBe(200);
    }
    // The first turn met the closing answer; every later request went to the instance that stays.
    expect([leaving.requests(), staying.requests()]).toEqual([1, 5]);
  });

  it('keeps taking turns with an instance that closes connections without draining', async () => {
    const [closing, other] = await Promise.all([
      serviceClosingEachConnection(),
      serviceThatResetsAfter(Infinity),
    ]);
    services.push(closing, other);
    const upstream = upstreamTo(closing.url, other.url);
    for (let i = 0; i < 6; i += 1) {
      expect((await upstream.forward(post(), 'booking', '/bookings')).status).toBe(200);
    }
    expect([closing.requests(), other.requests()]).toEqual([3, 3]);
  });
});
