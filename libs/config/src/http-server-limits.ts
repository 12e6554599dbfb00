import type { Server } from 'node:http';

/**
 * How long a client may take over a request, on every HTTP server of the platform: a client that
 * stalls or trickles holds a socket and memory, and enough of them starve the server.
 */
export interface HttpServerLimits {
  /** A connection that sends and receives nothing for this long is closed: a stalled body. Past the
   * gateway's 10 s wait for a service's answer, during which its client hears nothing. */
  idleMs: number;
  /** A request's headers must all have come within this. */
  headersMs: number;
  /** The whole request, headers and body, within this: a trickle (Node checks every 30 s). */
  requestMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number;
  /** Requests one connection may carry before it is closed: no client holds one socket for ever. */
  maxRequestsPerSocket: number;
}

export const HTTP_SERVER_LIMITS: HttpServerLimits = {
  idleMs: 30_000,
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 5_000,
  maxRequestsPerSocket: 1_000,
};

/** Puts the limits on a Node HTTP server (Fastify's included: its `server`). */
export function limitHttpServer(server: Server, limits: HttpServerLimits = HTTP_SERVER_LIMITS): void {
  // With no 'timeout' listener, Node destroys a socket idle for this long.
  server.setTimeout(limits.idleMs);
  server.headersTimeout = limits.headersMs;
  server.requestTimeout = limits.requestMs;
  server.keepAliveTimeout = limits.keepAliveMs;
  server.maxRequestsPerSocket = limits.maxRequestsPerSocket;
}
