import { randomUUID } from 'node:crypto';
import type { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Registry } from 'prom-client';
import { limitHttpServer, type ShutdownConfig } from '@booking/config';
import type { JsonLogger } from './json-logger';
import { refuseNulInUrl, useJsonBodyParser } from './json-body-parser';
import { PROBLEM_CONTENT_TYPE, ProblemFilter } from './problem.filter';
import { toProblem } from './to-problem';
import { MAX_PARAM_LENGTH, overlongParameterError } from './overlong-parameter';
import { METRICS, observeHttpRequests } from './metrics';
import { Readiness } from './readiness';
import { requestContext } from './request-context';

export const BODY_LIMIT_BYTES = 1024 * 1024;

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** What a service may change in how Fastify reads requests. */
export interface AdapterOptions {
  /** Whose `X-Forwarded-For` to believe (the gateway's `TRUST_PROXY`); by default nobody's. */
  trustProxy?: false | number | string;
}

/** Fastify as every service runs it: 1 MiB bodies, request ids from `X-Request-Id` or new ones. */
export function createFastifyAdapter(options: AdapterOptions = {}): FastifyAdapter {
  const routes: string[] = [];
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    trustProxy: options.trustProxy ?? false,
    logger: false,
    // A request that reaches a closing app on a connection still open (a client's keep-alive) is
    // served, and its answer closes the connection: Fastify's 503 would fail it, and not as problem+json.
    return503OnClosing: false,
    genReqId: (request: { headers: Record<string, string | string[] | undefined> }) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // What the router refuses before any hook runs (a path parameter over 100 characters, a
    // malformed URL): problem+json like every other error, with the request id.
    frameworkErrors: (error: Error, request: FastifyRequest, reply: FastifyReply) => {
      const { problem, headers } = toProblem(
        (error as { code?: string }).code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? overlongParameterError(request.url, routes)
          : error,
      );
      void reply
        .status(problem.status)
        .headers({ ...headers, 'x-request-id': request.id, 'content-type': PROBLEM_CONTENT_TYPE })
        .send(problem);
    },
  });
  limitHttpServer(adapter.getInstance().server);
  // The routes' patterns, so that a too-long path parameter can be named (the router cannot).
  adapter.getInstance().addHook('onRoute', (route) => {
    routes.push(route.url);
  });
  return adapter;
}

/**
 * Says an answer came from an instance that is shutting down. `Connection: close` alone does not:
 * a healthy server also sends it on a connection's last allowed request (`maxRequestsPerSocket`).
 */
export const DRAINING_HEADER = 'x-draining';

/**
 * While draining, each answer closes its connection: a keep-alive client then opens a new one
 * for its next request (taken, or refused once the port closes) instead of sending it on a
 * connection the close is about to reset.
 */
function closeConnectionsWhileDraining(fastify: FastifyInstance, readiness: Readiness): void {
  fastify.addHook('onSend', (_request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    if (readiness.isShuttingDown) void reply.headers({ connection: 'close', [DRAINING_HEADER]: '1' });
    done(null, payload);
  });
}

/**
 * Initialises the app with what every service gets before it listens: problem+json for every
 * error (including what Fastify raises before a handler runs), JSON bodies only, the request id
 * echoed and carried into the logs, request durations in its metrics, and graceful shutdown on
 * SIGTERM.
 */
export async function initServiceApp(
  app: NestFastifyApplication,
  logger: JsonLogger,
  beforeInit: (app: NestFastifyApplication) => void = () => undefined,
): Promise<void> {
  app.useLogger(logger);
  app.useGlobalFilters(new ProblemFilter(logger));
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    void reply.header('x-request-id', request.id);
    requestContext.run({ requestId: request.id }, done);
  });
  closeConnectionsWhileDraining(fastify, app.get(Readiness));
  observeHttpRequests(fastify, app.get<Registry>(METRICS));
  useJsonBodyParser(fastify, BODY_LIMIT_BYTES);
  refuseNulInUrl(fastify);
  // After the request id's hook, so what it adds answers with the id too.
  beforeInit(app);
  app.enableShutdownHooks();
  await app.init();
}

/**
 * Connections the kernel may hold for a service before it accepts them. Node's default, 511, is
 * less than a burst of 1,000 clients: past it, handshakes are dropped and some end in a reset.
 * The kernel caps it at `net.core.somaxconn` (4096 by default since Linux 5.4).
 */
export const LISTEN_BACKLOG = 4096;

/** Listens on `port` (0 for any free one) and answers the URL it can be reached at. */
export async function listen(
  app: NestFastifyApplication,
  port: number,
  logger: JsonLogger,
  host = '127.0.0.1',
): Promise<string> {
  await app.listen({ port, host, backlog: LISTEN_BACKLOG });
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  logger.event('info', 'listening', { url });
  return url;
}

/**
 * A service's Nest app on Fastify, initialised but not yet listening (tests pick their own port).
 * `beforeInit` adds what must exist before the routes are sealed (Swagger UI, hooks).
 */
export async function createServiceApp(
  module: DynamicModule,
  logger: JsonLogger,
  beforeInit: (app: NestFastifyApplication) => void = () => undefined,
  adapterOptions: AdapterOptions = {},
): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(module, createFastifyAdapter(adapterOptions), {
    logger,
    abortOnError: false,
    // Ours replaces Nest's (see useJsonBodyParser).
    bodyParser: false,
  });
  await initServiceApp(app, logger, beforeInit);
  return app;
}

/** On SIGTERM, the line that says so, and the timer that ends a shutdown which outlasts its grace. */
function boundShutdown(logger: JsonLogger, { SHUTDOWN_DRAIN_MS, SHUTDOWN_GRACE_MS }: ShutdownConfig): void {
  process.once('SIGTERM', () => {
    logger.event('info', 'shutting down', { drainMs: SHUTDOWN_DRAIN_MS, graceMs: SHUTDOWN_GRACE_MS });
    setTimeout(() => {
      // What still keeps the process busy (sockets, timers): where to look for the step that hung.
      logger.event('error', 'shutdown outlasted its grace: exiting', {
        graceMs: SHUTDOWN_GRACE_MS,
        pending: process.getActiveResourcesInfo(),
      });
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
  });
}

/** A service's entry point: start it, or say why not in one JSON line and exit non-zero. */
export function runService(
  service: string,
  start: () => Promise<{
    app: NestFastifyApplication;
    port: number;
    host: string;
    logger: JsonLogger;
    shutdown: ShutdownConfig;
  }>,
): void {
  start()
    .then(({ app, port, host, logger, shutdown }) => {
      boundShutdown(logger, shutdown);
      return listen(app, port, logger, host);
    })
    .catch((error: unknown) => {
      process.stderr.write(
        `${JSON.stringify({ time: new Date().toISOString(), level: 'fatal', service, msg: String(error) })}\n`,
      );
      process.exit(1);
    });
}
