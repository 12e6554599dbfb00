import type { Server } from 'node:http';

/**
 * How long a client may take over a request, on every HTTP server of the platform: a client that
 * stalls or trickles holds a socket and memory, and enough of them starve the server.
 */
export interface HttpServerLimits {
  /** A request's headers must all have come within this. */
  headersMs: number;
  /**
   * The whole request, headers and body, within this: a stalled or trickling body (Node checks
   * every 30 s). No limit is put on a quiet socket as such: it would cut a slow answer, which is
   * not the client's doing (the proof's SIGTERM scenario lost reads to a 30 s one).
   */
  requestMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number;
  /** Requests one connection may carry before it is closed: no client holds one socket for ever. */
  maxRequestsPerSocket: number;
}

export const HTTP_SERVER_LIMITS: HttpServerLimits = {
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 5_000,
  maxRequestsPerSocket: 1_000,
};

/** Puts the limits on a Node HTTP server (Fastify's included: its `server`). */
export function limitHttpServer(server: Server, limits: HttpServerLimits = HTTP_SERVER_LIMITS): void {
  server.headersTimeout = limits.headersMs;
  server.requestTimeout = limits.requestMs;
  server.keepAliveTimeout = limits.keepAliveMs;
  server.maxRequestsPerSocket = limits.maxRequestsPerSocket;
}
