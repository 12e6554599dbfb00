import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { limitHttpServer } from '@booking/config';
import { CalendarStore, eventResource, GoogleApiError, type EventInput } from './calendar-store';
import { OAuthError, OAuthGrants, type OAuthClient } from './oauth-grants';
import { calendarsPage, consentPage } from './pages';

export interface GoogleSandboxSettings {
  port: number;
  host?: string;
  client: OAuthClient;
  /** The account the consent page proposes. */
  defaultAccount?: string;
  accessTokenTtlSeconds?: number;
  now?: () => Date;
}

/** Faults on request: the next calls fail with a status, or every call answers late. */
export interface GoogleFaults {
  failNext: { status: number; count: number };
  delayMs: number;
}

const faultsSchema = z.object({
  failNext: z
    .object({ status: z.number().int().min(400).max(599), count: z.number().int().min(0).max(1000) })
    .optional(),
  delayMs: z.number().int().min(0).max(60_000).optional(),
  expireAccessTokens: z.boolean().optional(),
  revokeGrants: z.boolean().optional(),
});

const eventTime = z.object({ dateTime: z.string(), timeZone: z.string().optional() }).strict();
const eventInput = z
  .object({
    id: z.string(),
    status: z.enum(['confirmed', 'tentative', 'cancelled']),
    summary: z.string().max(8192),
    description: z.string().max(8192),
    start: eventTime,
    end: eventTime,
    recurrence: z.array(z.string()).max(100),
    extendedProperties: z.object({
      private: z.record(z.string(), z.string()).optional(),
      shared: z.record(z.string(), z.string()).optional(),
    }),
  })
  .partial();

type Params = { calendarId: string; eventId: string };
type Query = Record<string, string | undefined>;

/**
 * A local stand-in for Google: the OAuth 2.0 authorization and token endpoints (PKCE, offline
 * refresh tokens, revocation) and Calendar API v3 events insert/get/patch/delete/instances, with
 * Google's validation and error shapes, faults on request and a page listing every calendar.
 * Everything lives in memory; it is for development and tests, never production.
 */
export class GoogleSandbox {
  readonly store: CalendarStore;
  readonly grants: OAuthGrants;
  /** Every Calendar API call, in order, with the status answered. */
  readonly calls: { method: string; path: string; status: number }[] = [];
  private readonly app: FastifyInstance;
  private faults: GoogleFaults = { failNext: { status: 500, count: 0 }, delayMs: 0 };
  private baseUrl = '';

  constructor(private readonly settings: GoogleSandboxSettings) {
    const now = settings.now ?? (() => new Date());
    this.store = new CalendarStore(now);
    this.grants = new OAuthGrants(
      settings.client,
      () => now().getTime(),
      settings.accessTokenTtlSeconds ?? 3600,
    );
    this.app = Fastify({ logger: false });
    limitHttpServer(this.app.server);
    this.app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    this.app.setErrorHandler((error, _request, reply) => this.fail(reply, error));
    this.routes();
  }

  get url(): string {
    return this.baseUrl;
  }

  async start(): Promise<this> {
    await this.app.listen({ port: this.settings.port, host: this.settings.host ?? '127.0.0.1' });
    const address = this.app.server.address();
    this.baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : this.settings.port}`;
    return this;
  }

  async stop(): Promise<void> {
    await this.app.close();
  }

  setFaults(faults: z.infer<typeof faultsSchema>): GoogleFaults {
    if (faults.expireAccessTokens) this.grants.expireAccessTokens();
    if (faults.revokeGrants) this.grants.revokeAll();
    this.faults = {
      failNext: faults.failNext ?? this.faults.failNext,
      delayMs: faults.delayMs ?? this.faults.delayMs,
    };
    return this.faults;
  }

  private routes(): void {
    const app = this.app;
    app.get('/o/oauth2/v2/auth', async (request: FastifyRequest<{ Querystring: Query }>, reply) => {
      this.grants.checkAuthorization(request.query);
      return reply
        .type('text/html; charset=utf-8')
        .send(
          consentPage(
            request.query as Record<string, string>,
            this.settings.defaultAccount ?? 'host@example.com',
          ),
        );
    });
    app.post('/o/oauth2/v2/auth', async (request: FastifyRequest<{ Body: Query }>, reply) => {
      const form = request.body ?? {};
      const target = new URL(form['redirect_uri'] ?? '');
      if (form['decision'] === 'allow') {
        target.searchParams.set('code', this.grants.approve(form, form['account'] || 'host@example.com'));
      } else {
        this.grants.checkAuthorization(form);
        target.searchParams.set('error', 'access_denied');
      }
      if (form['state']) target.searchParams.set('state', form['state']);
      return reply.redirect(target.toString(), 302);
    });
    app.post('/token', async (request: FastifyRequest<{ Body: Query }>) =>
      this.grants.exchange(request.body ?? {}),
    );
    app.post('/revoke', async (request: FastifyRequest<{ Querystring: Query; Body: Query }>) => {
      const value = request.query['token'] ?? request.body?.['token'] ?? '';
      if (!this.grants.revoke(value)) throw new OAuthError(400, 'invalid_token', 'Token expired or revoked');
      return {};
    });

    const events = '/calendar/v3/calendars/:calendarId/events';
    app.post(
      events,
      this.api(async (calendar, request: FastifyRequest<{ Params: Params }>) => ({
        status: 200,
        body: eventResource(this.store.insert(calendar, parse(eventInput, request.body))),
      })),
    );
    app.get(
      `${events}/:eventId`,
      this.api(async (calendar, request: FastifyRequest<{ Params: Params }>) => {
        const event = this.store.get(calendar, request.params.eventId);
        return {
          status: 200,
          body: 'revision' in event ? eventResource(event) : { kind: 'calendar#event', ...event },
        };
      }),
    );
    app.patch(
      `${events}/:eventId`,
      this.api(async (calendar, request: FastifyRequest<{ Params: Params }>) => {
        const ifMatch = request.headers['if-match'];
        const event = this.store.patch(
          calendar,
          request.params.eventId,
          parse(eventInput, request.body),
          typeof ifMatch === 'string' ? ifMatch : undefined,
        );
        return { status: 200, body: eventResource(event) };
      }),
    );
    app.delete(
      `${events}/:eventId`,
      this.api(async (calendar, request: FastifyRequest<{ Params: Params }>) => {
        this.store.delete(calendar, request.params.eventId);
        return { status: 204, body: undefined };
      }),
    );
    app.get(
      `${events}/:eventId/instances`,
      this.api(async (calendar, request: FastifyRequest<{ Params: Params; Querystring: Query }>) => {
        const { timeMin, timeMax } = request.query;
        const items = this.store.instances(
          calendar,
          request.params.eventId,
          timeMin ? new Date(timeMin) : undefined,
          timeMax ? new Date(timeMax) : undefined,
        );
        return {
          status: 200,
          body: {
            kind: 'calendar#events',
            items: items.map((item) => ({ kind: 'calendar#event', ...item })),
          },
        };
      }),
    );

    app.post('/_sandbox/faults', async (request) => this.setFaults(parse(faultsSchema, request.body)));
    app.get('/_sandbox/calendars', async (_request, reply) =>
      reply.type('text/html; charset=utf-8').send(calendarsPage(this.calendars())),
    );
  }

  private calendars() {
    return this.store.calendarIds().map((id) => ({ id, events: this.store.eventsOf(id) }));
  }

  /** A Calendar API route: the bearer token names the account, whose calendar `primary` is. */
  private api<R extends FastifyRequest<{ Params: Params }>>(
    handle: (calendarId: string, request: R) => Promise<{ status: number; body: unknown }>,
  ) {
    return async (request: R, reply: FastifyReply) => {
      const record = (status: number) =>
        this.calls.push({ method: request.method, path: request.url.split('?')[0]!, status });
      try {
        if (this.faults.delayMs > 0) await sleep(this.faults.delayMs);
        const account = this.grants.accountOf(
          /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '',
        );
        if (!account)
          throw new GoogleApiError(401, 'authError', 'Request had invalid authentication credentials.');
        if (this.faults.failNext.count > 0) {
          this.faults.failNext.count -= 1;
          const status = this.faults.failNext.status;
          throw new GoogleApiError(
            status,
            status === 429 ? 'rateLimitExceeded' : 'backendError',
            'Injected fault',
          );
        }
        const requested = request.params.calendarId;
        if (requested !== 'primary' && requested !== account)
          throw new GoogleApiError(404, 'notFound', 'Not Found');
        const answer = await handle(account, request);
        record(answer.status);
        return reply.status(answer.status).send(answer.body);
      } catch (error) {
        record(error instanceof GoogleApiError ? error.status : 500);
        throw error;
      }
    };
  }

  private fail(reply: FastifyReply, error: unknown) {
    if (error instanceof GoogleApiError || error instanceof OAuthError)
      return reply.status(error.status).send(error.toJSON());
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    return reply
      .status(status)
      .send(new GoogleApiError(status, 'invalid', (error as Error).message).toJSON());
  }
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) throw new GoogleApiError(400, 'invalid', z.prettifyError(parsed.error));
  return parsed.data;
}

export type { EventInput };
