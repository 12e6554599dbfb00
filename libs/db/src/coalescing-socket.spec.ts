import { createServer, type AddressInfo, type Server } from 'node:net';
import { coalescingSocket } from './coalescing-socket';

describe('coalescingSocket', () => {
  let server: Server;
  let received: Buffer[];
  let peerEnded: Promise<void>;

  beforeEach(async () => {
    received = [];
    let ended: () => void;
    peerEnded = new Promise((resolve) => (ended = resolve));
    server = createServer((peer) => {
      peer.on('data', (chunk: Buffer) => received.push(chunk));
      peer.on('end', () => ended());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const nextTick = () => new Promise((resolve) => process.nextTick(resolve));

  it('holds what is written in one tick and sends it together once the tick is over, in order', async () => {
    const socket = coalescingSocket();
    await new Promise<void>((resolve) =>
      socket.connect((server.address() as AddressInfo).port, '127.0.0.1', resolve),
    );

    socket.write('BEGIN;');
    socket.write('INSERT;');
    socket.write('COMMIT;');
    expect(socket.writableCorked).toBe(1);
    expect(socket.writableLength).toBe('BEGIN;INSERT;COMMIT;'.length);

    await nextTick();
    expect(socket.writableCorked).toBe(0);
    socket.write('NEXT;');
    await nextTick();
    socket.end();
    await peerEnded;
    expect(Buffer.concat(received).toString()).toBe('BEGIN;INSERT;COMMIT;NEXT;');
  });
});
