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
  /**
   * An idle keep-alive connection is closed after this. Longer than the idle timeout of the
   * clients and balancers in front (60 s at nginx and cloud balancers; undici takes the server's
   * hint less 1 s): the side that closes an idle connection first must be the client, since a
   * server closing it races the request the client may be sending on it. Node's 5 s lost bursts
   * of reads in the proof whenever the load's event loop lagged past that 1 s.
   */
  keepAliveMs: number;
  /** Requests one connection may carry before it is closed: no client holds one socket for ever. */
  maxRequestsPerSocket: number;
}

export const HTTP_SERVER_LIMITS: HttpServerLimits = {
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 72_000,
  maxRequestsPerSocket: 1_000,
};

/** Puts the limits on a Node HTTP server (Fastify's included: its `server`). */
export function limitHttpServer(server: Server, limits: HttpServerLimits = HTTP_SERVER_LIMITS): void {
  server.headersTimeout = limits.headersMs;
  server.requestTimeout = limits.requestMs;
  server.keepAliveTimeout = limits.keepAliveMs;
  server.maxRequestsPerSocket = limits.maxRequestsPerSocket;
}
