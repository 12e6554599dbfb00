import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { limitHttpServer } from '@booking/config';

export interface ReceivedSms {
  id: string;
  to: string;
  text: string;
}

export interface SmsApiSettings {
  port: number;
  host?: string;
  apiKey: string;
  /** What `GET /_sandbox/emails` lists: the SMTP side's mail, so one address shows both. */
  emails?: () => unknown[];
}

/** What SMS providers' APIs check: E.164 numbers, a body within 10 concatenated segments. */
const smsSchema = z
  .object({
    to: z.string().regex(/^\+[1-9]\d{6,14}$/),
    text: z.string().min(1).max(1_600),
  })
  .strict();

const MAX_BODY_BYTES = 16 * 1024;

/**
 * A local SMS provider over HTTP, `POST /v1/messages` with a bearer key, that keeps what it
 * accepts. Like the real ones it honours `Idempotency-Key`: a retry of a request it has answered
 * gets the same answer and sends nothing, so a client may retry after a timeout. `GET
 * /_sandbox/messages` lists the texts sent, `GET /_sandbox/emails` the mail received.
 */
export class SmsApi {
  readonly sent: ReceivedSms[] = [];
  private readonly byKey = new Map<string, ReceivedSms>();
  private failuresLeft = 0;
  private readonly server: Server;
  private baseUrl = '';

  constructor(private readonly settings: SmsApiSettings) {
    this.server = createServer((request, response) => {
      this.route(request, response).catch(() => reply(response, 500, { error: { code: 'internal_error' } }));
    });
    limitHttpServer(this.server);
  }

  get url(): string {
    return this.baseUrl;
  }

  /** The next `count` sends are answered 503 and send nothing, as a provider having a bad minute. */
  failNext(count: number): void {
    this.failuresLeft = count;
  }

  /** How many of the failures asked for are still to come. */
  get failuresPending(): number {
    return this.failuresLeft;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) =>
      this.server.listen(this.settings.port, this.settings.host ?? '127.0.0.1', resolve),
    );
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method === 'GET' && request.url === '/_sandbox/messages') {
      return reply(response, 200, { data: this.sent });
    }
    if (request.method === 'GET' && request.url === '/_sandbox/emails') {
      return reply(response, 200, { data: this.settings.emails?.() ?? [] });
    }
    if (request.method !== 'POST' || request.url !== '/v1/messages') {
      return reply(response, 404, { error: { code: 'not_found' } });
    }
    if (request.headers.authorization !== `Bearer ${this.settings.apiKey}`) {
      return reply(response, 401, { error: { code: 'unauthorized' } });
    }
    if (this.failuresLeft > 0) {
      this.failuresLeft -= 1;
      return reply(response, 503, { error: { code: 'unavailable' } });
    }
    const key = request.headers['idempotency-key'];
    const earlier = typeof key === 'string' ? this.byKey.get(key) : undefined;
    if (earlier) return reply(response, 200, earlier);
    const parsed = smsSchema.safeParse(await readJson(request));
    if (!parsed.success) return reply(response, 422, { error: { code: 'invalid_message' } });
    const message = { id: `sms_${randomUUID()}`, ...parsed.data };
    this.sent.push(message);
    if (typeof key === 'string') this.byKey.set(key, message);
    return reply(response, 201, message);
  }
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}

function reply(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
