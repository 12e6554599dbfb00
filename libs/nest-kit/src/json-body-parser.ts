import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parse } from 'secure-json-parse';
import { DomainError } from '@booking/contracts';

// eslint-disable-next-line no-control-regex -- finding NUL is the point
const NUL = /\u0000|\\u0000/i;
const NUL_ERRORS = { errors: [{ path: '/', message: 'contains a NUL character' }] };

/** The body exactly as it arrived, for signatures computed over raw bytes (webhooks). */
export type RequestWithRawBody = FastifyRequest & { rawBody?: string };

/**
 * The only body parser: JSON, with `__proto__`/`constructor` keys refused (prototype poisoning),
 * the raw text kept beside the parsed value, and a contract error for anything that is not JSON.
 * Every other media type has no parser, so Fastify answers 415 before any handler runs.
 */
export function useJsonBodyParser(fastify: FastifyInstance, bodyLimit: number): void {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit },
    (
      request: RequestWithRawBody,
      body: string | Buffer,
      done: (error: Error | null, value?: unknown) => void,
    ) => {
      const text = body.toString();
      request.rawBody = text;
      if (text.trim() === '') return done(null, undefined);
      // PostgreSQL text cannot hold NUL; refuse it here rather than fail on insert.
      if (NUL.test(text))
        return done(
          new DomainError('validation_failed', 'Text must not contain NUL characters.', NUL_ERRORS),
        );
      try {
        done(null, parse(text, null, { protoAction: 'error', constructorAction: 'error' }));
      } catch {
        done(new DomainError('invalid_json', 'The request body is not valid JSON.'));
      }
    },
  );
}

/** The same guard for query strings and path parameters, which Fastify has decoded already. */
export function refuseNulInUrl(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', async (request: FastifyRequest) => {
    // eslint-disable-next-line no-control-regex -- finding NUL is the point
    if (/\u0000|%00/i.test(request.url)) {
      throw new DomainError('validation_failed', 'The address must not contain NUL characters.', NUL_ERRORS);
    }
  });
}
