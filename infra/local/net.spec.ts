import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { freePort } from './net';

const ephemeralStart = Number.parseInt(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8'), 10);

describe('freePort', () => {
  it('chooses ports outgoing connections cannot take, which a server can then bind', async () => {
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    expect(ports.filter((port) => port < 10_000 || port >= ephemeralStart)).toEqual([]);
    for (const port of ports.slice(0, 3)) {
      const server = createServer();
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', resolve);
      });
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
