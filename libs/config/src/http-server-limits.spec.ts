import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { HTTP_SERVER_LIMITS, limitHttpServer } from './http-server-limits';

/** A server with short limits, checked often, that would answer any request it got whole. */
async function limitedServer(limits: Partial<typeof HTTP_SERVER_LIMITS>): Promise<Server> {
  const server = createServer({ connectionsCheckingInterval: 100 }, (request, response) => {
    request.resume();
    request.on('end', () => response.end('whole'));
  });
  limitHttpServer(server, { ...HTTP_SERVER_LIMITS, ...limits });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** What the server wrote back before it closed the connection. */
function answerTo(server: Server, send: (write: (text: string) => void) => () => void): Promise<string> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let stop = () => undefined as void;
    socket.on('connect', () => {
      stop = send((text) => socket.write(text));
    });
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      stop();
      resolve(received);
    });
  });
}

describe('limitHttpServer', () => {
  it('closes a connection whose body stalls: Content-Length 1000, then 10 bytes and silence', async () => {
    const server = await limitedServer({ headersMs: 300, requestMs: 300 });
    try {
      const answer = await answerTo(server, (write) => {
        write('POST /v1/payments/webhook HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n0123456789');
        return () => undefined;
      });
      expect(answer).not.toContain('whole');
    } finally {
      server.close();
    }
  });

  it('answers 408 and closes a request that trickles in, a byte at a time, past the request limit', async () => {
    const server = await limitedServer({ headersMs: 500, requestMs: 500 });
    try {
      const answer = await answerTo(server, (write) => {
        write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n');
        const trickle = setInterval(() => write('x'), 50);
        return () => clearInterval(trickle);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      server.close();
    }
  });

  it('answers a request that comes whole within the limits', async () => {
    const server = await limitedServer({ requestMs: 1_000 });
    try {
      const answer = await answerTo(server, (write) => {
        write('POST / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok');
        return () => undefined;
      });
      expect(answer).toMatch(/^HTTP\/1\.1 200 [\s\S]*whole$/);
    } finally {
      server.close();
    }
  });
});
