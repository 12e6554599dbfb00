import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CALLER_HEADERS, DomainError, type Caller } from '@booking/contracts';
import { GATEWAY_CONFIG } from '../tokens';
import type { GatewayConfig } from '../gateway-config';

export type ServiceKey = 'booking' | 'payment' | 'refund' | 'notification';

/** Request headers a service may need from the client, besides the caller and request id. */
const FORWARDED_REQUEST_HEADERS = ['idempotency-key', 'content-type'];
/** Response headers that belong to the public contract and pass back unchanged. */
const FORWARDED_RESPONSE_HEADERS = ['content-type', 'retry-after', 'idempotent-replayed', 'location'];

/**
 * Forwards a public request to the service that owns it. The caller comes from the verified
 * token, never from the client; the body is passed on as the client sent it.
 */
@Injectable()
export class Upstream {
  private readonly baseUrls: Record<ServiceKey, string>;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {
    this.baseUrls = {
      booking: config.BOOKING_URL,
      payment: config.PAYMENT_URL,
      refund: config.REFUND_URL,
      notification: config.NOTIFICATION_URL,
    };
  }

  async pass(
    request: FastifyRequest & { caller?: Caller },
    reply: FastifyReply,
    service: ServiceKey,
    path: string,
    options: { rawBody?: string } = {},
  ): Promise<void> {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const headers: Record<string, string> = { 'x-request-id': request.id };
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    if (request.caller) {
      headers[CALLER_HEADERS.id] = request.caller.userId;
      headers[CALLER_HEADERS.role] = request.caller.role;
    }
    const body =
      options.rawBody ??
      (request.body === undefined || request.method === 'GET' ? undefined : JSON.stringify(request.body));
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await this.fetch(`${this.baseUrls[service]}${path}${query}`, {
      method: request.method,
      headers,
      body,
    });
    for (const name of FORWARDED_RESPONSE_HEADERS) {
      const value = response.headers.get(name);
      if (value !== null) void reply.header(name, value);
    }
    void reply.status(response.status).send(await response.text());
  }

  /** The service's own readiness, for the gateway's. */
  async ready(service: ServiceKey): Promise<void> {
    const response = await this.fetch(`${this.baseUrls[service]}/health/ready`, {
      method: 'GET',
      headers: {},
    });
    if (!response.ok) throw new Error(`${service} is not ready (${response.status})`);
  }

  private async fetch(url: string, init: { method: string; headers: Record<string, string>; body?: string }) {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(this.config.UPSTREAM_TIMEOUT_MS) });
    } catch {
      throw new DomainError(
        'service_unavailable',
        'A service behind the gateway did not answer; try again shortly.',
        {},
        {
          'retry-after': '1',
        },
      );
    }
  }
}
