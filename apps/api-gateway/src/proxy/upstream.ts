import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, type Caller } from '@booking/contracts';
import { DRAINING_HEADER, InternalTokens, type RequestWithRawBody } from '@booking/nest-kit';
import { GATEWAY_CONFIG } from '../tokens';
import type { GatewayConfig } from '../gateway-config';

export type ServiceKey = 'booking' | 'payment' | 'refund' | 'notification';

/** Response headers that belong to the public contract and pass back unchanged. */
const FORWARDED_RESPONSE_HEADERS = ['content-type', 'retry-after', 'idempotent-replayed', 'location'];

export interface ForwardOptions {
  /** The body to send instead of the request's (the webhook's raw bytes). */
  rawBody?: string;
  /**
   * Request headers to pass on besides the caller and request id: `idempotency-key` only where
   * the service honours it, since with it the gateway sends a POST again on a stale socket.
   */
  headers?: readonly string[];
  /** The query to send instead of the request's. */
  query?: URLSearchParams;
  /** A read the gateway makes on the request's behalf (a GET), rather than the request itself. */
  asRead?: boolean;
}

interface OutgoingRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const SOCKETS_PER_INSTANCE = 64;

interface Instance {
  url: URL;
  agent: Agent;
  /** Until then it is passed over: it answered as one shutting down does (`DRAINING_HEADER`). */
  leavingUntil: number;
}

/** How long an instance that said it is shutting down is passed over: past its drain, into its restart. */
const LEAVING_MS = 10_000;

/** The service closed a reused keep-alive socket before it answered. */
class StaleSocketError extends Error {}

const RESENDABLE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** Idempotent by its method, or by the key the service deduplicates it with. */
const mayResend = ({ method, headers }: OutgoingRequest): boolean =>
  RESENDABLE_METHODS.has(method) || headers['idempotency-key'] !== undefined;

const isReset = (error: NodeJS.ErrnoException): boolean =>
  error.code === 'ECONNRESET' || error.code === 'EPIPE';

const isRefused = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ECONNREFUSED';

export interface UpstreamResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** As the service sent it: passed on without decoding and encoding it again. */
  body: Buffer;
}

/**
 * Forwards a public request to the service that owns it, with a token of the gateway's naming
 * the caller it verified (never one the client named); the body is passed on as the client sent it.
 */
@Injectable()
export class Upstream {
  /** Each service's instances, each with its own keep-alive agent. */
  private readonly instances: Record<ServiceKey, Instance[]>;
  /** Round-robin position per service. */
  private readonly turns: Record<ServiceKey, number> = { booking: 0, payment: 0, refund: 0, notification: 0 };

  private readonly tokens: InternalTokens;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {
    this.tokens = new InternalTokens(config.INTERNAL_JWT_SECRET);
    const instances = (urls: string[]) =>
      urls.map((url) => ({
        url: new URL(url),
        agent: new Agent({ keepAlive: true, maxSockets: SOCKETS_PER_INSTANCE }),
        leavingUntil: 0,
      }));
    this.instances = {
      booking: instances(config.BOOKING_URL),
      payment: instances(config.PAYMENT_URL),
      refund: instances(config.REFUND_URL),
      notification: instances(config.NOTIFICATION_URL),
    };
  }

  async pass(
    request: FastifyRequest & { caller?: Caller },
    reply: FastifyReply,
    service: ServiceKey,
    path: string,
    options: ForwardOptions = {},
  ): Promise<void> {
    this.answer(reply, await this.forward(request, service, path, options));
  }

  /** The service's answer to the request, without answering the client yet. */
  async forward(
    request: FastifyRequest & { caller?: Caller },
    service: ServiceKey,
    path: string,
    options: ForwardOptions = {},
  ): Promise<UpstreamResponse> {
    const query =
      options.query !== undefined
        ? `?${options.query.toString()}`
        : request.url.includes('?')
          ? request.url.slice(request.url.indexOf('?'))
          : '';
    const headers: Record<string, string> = { 'x-request-id': request.id };
    for (const name of options.headers ?? []) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    // HEAD goes upstream as GET: Fastify answers the client's HEAD from the whole body, so its
    // Content-Length is the GET's (RFC 9110 §9.3.2), not that of a service's empty HEAD answer.
    const method = options.asRead || request.method === 'HEAD' ? 'GET' : request.method;
    const target = `${path}${query}`;
    headers['authorization'] = `Bearer ${await this.tokens.sign(
      service,
      { ...(request.caller ? { caller: request.caller } : {}), requestId: request.id },
      { method, path: target },
    )}`;
    // The text as the client sent it (checked by the parser): never encoded again.
    const body = options.rawBody ?? (method === 'GET' ? undefined : (request as RequestWithRawBody).rawBody);
    if (body !== undefined) headers['content-type'] = 'application/json';
    return this.send(service, { method, path: target, headers, body });
  }

  /** Passes a service's answer on to the client, with the headers the contract names. */
  answer(reply: FastifyReply, response: UpstreamResponse): void {
    for (const name of FORWARDED_RESPONSE_HEADERS) {
      const value = response.headers[name];
      if (typeof value === 'string') void reply.header(name, value);
    }
    void reply.status(response.status).send(response.body);
  }

  /** The service's readiness, for the gateway's: ready while any of its instances is. */
  async ready(service: ServiceKey): Promise<void> {
    await Promise.any(
      this.instances[service].map(async (instance) => {
        const response = await this.sendTo(instance, { method: 'GET', path: '/health/ready', headers: {} });
        if (response.status !== 200) throw new Error(`${service} is not ready (${response.status})`);
      }),
    ).catch(() => {
      throw new Error(`no instance of ${service} is ready`);
    });
  }

  /**
   * Instances take turns; a request goes on to the next one when its own refused the connection,
   * since it never reached that one.
   */
  private async send(service: ServiceKey, outgoing: OutgoingRequest): Promise<UpstreamResponse> {
    const headers =
      outgoing.body === undefined
        ? outgoing.headers
        : { ...outgoing.headers, 'content-length': String(Buffer.byteLength(outgoing.body)) };
    const instances = this.inTurn(service);
    const first = this.turns[service]++ % instances.length;
    for (let moved = 0; ; moved += 1) {
      try {
        return await this.sendTo(instances[(first + moved) % instances.length]!, { ...outgoing, headers });
      } catch (error) {
        if (isRefused(error) && moved + 1 < instances.length) continue;
        throw new DomainError(
          'service_unavailable',
          'A service behind the gateway did not answer; try again shortly.',
          {},
          { 'retry-after': '1' },
        );
      }
    }
  }

  /** The instances to take turns over: those not leaving, or all of them if every one is. */
  private inTurn(service: ServiceKey): Instance[] {
    const now = Date.now();
    const staying = this.instances[service].filter((instance) => instance.leavingUntil <= now);
    return staying.length > 0 ? staying : this.instances[service];
  }

  /**
   * A kept-alive socket the instance closed (as idle, mostly) as this request went out: the request
   * goes again if sending it twice is harmless; each such failure retires one stale socket.
   */
  private async sendTo(instance: Instance, outgoing: OutgoingRequest): Promise<UpstreamResponse> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.exchange(instance, outgoing);
      } catch (error) {
        if (error instanceof StaleSocketError && mayResend(outgoing) && attempt <= SOCKETS_PER_INSTANCE)
          continue;
        throw error;
      }
    }
  }

  /**
   * One request over node:http and the instance's keep-alive agent: measured cheaper per request
   * than fetch (undici's web streams took most of the gateway's CPU in a profile of the hold path).
   */
  private exchange(instance: Instance, outgoing: OutgoingRequest): Promise<UpstreamResponse> {
    const { url, agent } = instance;
    return new Promise<UpstreamResponse>((resolve, reject) => {
      let answered = false;
      const req = httpRequest(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method: outgoing.method,
          path: outgoing.path,
          headers: outgoing.headers,
          timeout: this.config.UPSTREAM_TIMEOUT_MS,
        },
        (res) => {
          answered = true;
          // A draining service says so on each answer: send the next ones elsewhere.
          if (res.headers[DRAINING_HEADER] !== undefined) instance.leavingUntil = Date.now() + LEAVING_MS;
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      );
      req.on('timeout', () => req.destroy(new Error('upstream timeout')));
      req.on('error', (error: NodeJS.ErrnoException) =>
        reject(req.reusedSocket && !answered && isReset(error) ? new StaleSocketError() : error),
      );
      req.end(outgoing.body);
    });
  }
}
