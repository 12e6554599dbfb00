import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { limitHttpServer } from '@booking/config';
import { systemClock, type Clock } from '@booking/time';
import { checkoutPage } from './checkout-page';
import { SandboxLedger, type CheckoutSession } from './sandbox-ledger';
import { NORMAL_DELIVERY, WebhookSender, type DeliveryBehaviour } from './webhook-sender';

export interface SandboxSettings {
  port: number;
  host?: string;
  apiKey: string;
  /** The merchant's webhook endpoint (the gateway's `/v1/payments/webhook`), read at each delivery. */
  webhookUrl: string | (() => string);
  /** Every delivery is signed with each of these (more than one while rotating). */
  webhookSecrets: readonly string[];
  /** How the checkout links it hands out start; defaults to its own address. */
  publicUrl?: string;
  clock?: Clock;
}

/** Faults a test (or a curious developer) can ask for, through `POST /_sandbox/faults`. */
interface Faults {
  failRefunds: number;
  timeoutRefunds: number;
  delivery: DeliveryBehaviour;
}

const chargeSchema = z.object({
  bookingId: z.string().min(1).max(200),
  amount: z.number().int().min(0),
  currency: z.string().regex(/^[A-Z]{3}$/),
  /** Where the customer goes after paying (Stripe's `success_url`); http(s) only. */
  returnUrl: z
    .string()
    .max(2_000)
    .url()
    .refine((url) => /^https?:/.test(url), 'must be an http(s) address')
    .optional(),
});
const refundSchema = z.object({
  payment: z.string().min(1),
  amount: z.number().int().min(1),
  currency: z.string().regex(/^[A-Z]{3}$/),
});
const faultsSchema = z.object({
  failRefunds: z.number().int().min(0).optional(),
  timeoutRefunds: z.number().int().min(0).optional(),
  delivery: z
    .object({
      copies: z.number().int().min(1).max(50),
      extraIds: z.number().int().min(0).max(50),
      delayMs: z.number().int().min(0).max(60_000),
      outOfOrder: z.boolean(),
    })
    .partial()
    .optional(),
});

/** An answer held back this long looks, to the caller, like a provider that timed out. */
const TIMEOUT_HOLD_MS = 30_000;
const MAX_BODY_BYTES = 64 * 1024;

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}

/**
 * A local payment provider over HTTP: hosted checkout with a Pay button, signed webhooks
 * delivered at least once, a refund API that honours idempotency keys, and fault injection.
 * Its books live in memory: it stands in for a remote system during development and tests.
 */
export class SandboxProvider {
  readonly ledger = new SandboxLedger();
  readonly refundCalls: { key: string; outcome: 'failed' | 'timed_out' | 'answered' }[] = [];
  private readonly webhooks: WebhookSender;
  private readonly server: Server;
  private readonly held = new Set<NodeJS.Timeout>();
  private faults: Faults = { failRefunds: 0, timeoutRefunds: 0, delivery: { ...NORMAL_DELIVERY } };
  private baseUrl = '';

  private readonly clock: Clock;

  constructor(private readonly settings: SandboxSettings) {
    this.clock = settings.clock ?? systemClock;
    this.webhooks = new WebhookSender({
      url: settings.webhookUrl,
      secrets: settings.webhookSecrets,
      clock: this.clock,
    });
    this.server = createServer((request, response) => {
      this.route(request, response).catch((error: unknown) => {
        const status = error instanceof HttpError ? error.status : 500;
        const code = error instanceof HttpError ? error.code : 'internal_error';
        send(response, status, { error: { code } });
      });
    });
    limitHttpServer(this.server);
  }

  get url(): string {
    return this.baseUrl;
  }

  get deliveries() {
    return this.webhooks.log;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) =>
      this.server.listen(this.settings.port, this.settings.host ?? '127.0.0.1', resolve),
    );
    const { port } = this.server.address() as AddressInfo;
    this.baseUrl = this.settings.publicUrl ?? `http://127.0.0.1:${port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const timer of this.held) clearTimeout(timer);
    await this.webhooks.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Pays for a booking as a customer pressing Pay would; the webhooks follow. */
  pay(charge: z.infer<typeof chargeSchema>): { txnId: string } {
    return this.paySession(this.ledger.openSession(charge));
  }

  setFaults(faults: z.infer<typeof faultsSchema>): void {
    this.faults = {
      failRefunds: faults.failRefunds ?? this.faults.failRefunds,
      timeoutRefunds: faults.timeoutRefunds ?? this.faults.timeoutRefunds,
      delivery: { ...this.faults.delivery, ...faults.delivery },
    };
  }

  private paySession(session: CheckoutSession): { txnId: string } {
    const { payment, isNew } = this.ledger.pay(session, this.clock.now());
    if (isNew) this.webhooks.deliverPayment(payment, this.faults.delivery);
    return { txnId: payment.txnId };
  }

  private async route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://sandbox');
    const route = `${request.method} ${url.pathname}`;
    const checkout = /^\/checkout\/([^/]+)(\/pay)?$/.exec(url.pathname);
    if (checkout)
      return this.checkout(request, response, decodeURIComponent(checkout[1]!), Boolean(checkout[2]));
    if (url.pathname.startsWith('/v1/') && request.headers.authorization !== `Bearer ${this.settings.apiKey}`)
      throw new HttpError(401, 'invalid_api_key');
    switch (route) {
      case 'POST /v1/checkout_sessions': {
        const session = this.ledger.openSession(parse(chargeSchema, await readJson(request)));
        return send(response, 201, { id: session.id, url: `${this.baseUrl}/checkout/${session.id}` });
      }
      case 'POST /v1/refunds':
        return this.refund(request, response);
      case 'POST /_sandbox/payments':
        return send(response, 201, this.pay(parse(chargeSchema, await readJson(request))));
      case 'POST /_sandbox/faults':
        this.setFaults(parse(faultsSchema, await readJson(request)));
        return send(response, 200, this.faults);
      case 'GET /_sandbox/refunds':
        return send(response, 200, { data: this.ledger.refunds, calls: this.refundCalls });
      case 'GET /_sandbox/deliveries':
        return send(response, 200, { data: this.deliveries });
      default:
        throw new HttpError(404, 'not_found');
    }
  }

  private async checkout(request: IncomingMessage, response: ServerResponse, id: string, pay: boolean) {
    const session = this.ledger.session(id);
    if (!session) throw new HttpError(404, 'no_such_session');
    if (pay && request.method === 'POST') {
      this.paySession(session);
      if (session.returnUrl) return void response.writeHead(303, { location: session.returnUrl }).end();
    } else if (request.method !== 'GET') throw new HttpError(405, 'method_not_allowed');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(checkoutPage(session));
  }

  private async refund(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || key.length === 0) throw new HttpError(400, 'idempotency_key_required');
    const body = parse(refundSchema, await readJson(request));
    if (this.faults.failRefunds > 0) {
      this.faults.failRefunds -= 1;
      this.refundCalls.push({ key, outcome: 'failed' });
      throw new HttpError(503, 'provider_unavailable');
    }
    const answer = this.ledger.refund(key, body);
    if (this.faults.timeoutRefunds > 0) {
      // The refund is made, but the answer never arrives: only the idempotency key saves the retry.
      this.faults.timeoutRefunds -= 1;
      this.refundCalls.push({ key, outcome: 'timed_out' });
      const timer = setTimeout(() => {
        this.held.delete(timer);
        response.destroy();
      }, TIMEOUT_HOLD_MS);
      this.held.add(timer);
      return;
    }
    this.refundCalls.push({ key, outcome: 'answered' });
    if (answer.status === 200) return send(response, 200, answer.refund);
    send(response, answer.status, { error: { code: answer.code, message: answer.message } });
  }
}

function send(response: ServerResponse, status: number, body: unknown): void {
  if (response.headersSent) return;
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'body_too_large');
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  } catch {
    throw new HttpError(400, 'invalid_json');
  }
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpError(400, 'invalid_request');
  return result.data;
}
