import { randomUUID } from 'node:crypto';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { JsonLogger } from './json-logger';
import { ProblemFilter, sendProblem } from './problem.filter';
import { requestContext } from './request-context';

export const BODY_LIMIT_BYTES = 1024 * 1024;

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Fastify as every service runs it: 1 MiB bodies, request ids from `X-Request-Id` or new ones. */
export function createFastifyAdapter(): FastifyAdapter {
  return new FastifyAdapter({
    bodyLimit: BODY_LIMIT_BYTES,
    logger: false,
    allowErrorHandlerOverride: true,
    genReqId: (request: { headers: Record<string, string | string[] | undefined> }) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
}

/**
 * Initialises the app with what every service gets before it listens: problem+json for every error (including those Fastify
 * raises before a handler runs), the request id echoed and carried into the logs, and graceful
 * shutdown on SIGTERM.
 */
export async function initServiceApp(app: NestFastifyApplication, logger: JsonLogger): Promise<void> {
  app.useLogger(logger);
  app.useGlobalFilters(new ProblemFilter(logger));
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    void reply.header('x-request-id', request.id);
    requestContext.run({ requestId: request.id }, done);
  });
  app.enableShutdownHooks();
  await app.init();
  // After init, replacing Nest's handler, which rewraps Fastify's errors and loses their codes
  // (FST_ERR_CTP_INVALID_JSON_BODY and the like). Errors inside handlers still meet ProblemFilter.
  fastify.setErrorHandler((error: unknown, _request: FastifyRequest, reply: FastifyReply) => sendProblem(reply, error, logger));
  // JSON only: any other body is 415 (Fastify and Nest would otherwise accept text and forms).
  for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
    if (fastify.hasContentTypeParser(type)) fastify.removeContentTypeParser(type);
  }
}

export async function listen(app: NestFastifyApplication, port: number, logger: JsonLogger): Promise<string> {
  await app.listen(port, '0.0.0.0');
  const url = await app.getUrl();
  logger.event('info', 'listening', { url: url.replace('[::1]', '127.0.0.1') });
  return url;
}
