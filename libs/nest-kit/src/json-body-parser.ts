import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parse } from 'secure-json-parse';
import { DomainError } from '@booking/contracts';

// eslint-disable-next-line no-control-regex -- finding NUL is the point
const NUL = /\u0000|\\u0000/i;
const NUL_ERRORS = { errors: [{ path: '/', message: 'contains a NUL character' }] };

/** Deeper than any body of the API needs; a deeply nested array costs parsing and serialising far more. */
export const MAX_JSON_DEPTH = 32;
const DEPTH_ERRORS = { errors: [{ path: '/', message: `nested more than ${MAX_JSON_DEPTH} levels deep` }] };

/** Whether JSON text opens more than `max` arrays or objects inside one another (outside strings). */
export function nestingExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index++; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      if (++depth > max) return true;
    } else if (char === 0x5d || char === 0x7d) depth--;
  }
  return false;
}

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
      if (text.trim() === '') return done(new DomainError('invalid_json', 'The request body is empty.'));
      if (nestingExceeds(text, MAX_JSON_DEPTH))
        return done(
          new DomainError(
            'validation_failed',
            `JSON may nest at most ${MAX_JSON_DEPTH} levels deep.`,
            DEPTH_ERRORS,
          ),
        );
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
