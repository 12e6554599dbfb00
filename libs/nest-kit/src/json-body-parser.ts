import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parse } from 'secure-json-parse';
import { DomainError } from '@booking/contracts';

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
      try {
        done(null, parse(text, null, { protoAction: 'error', constructorAction: 'error' }));
      } catch {
        done(new DomainError('invalid_json', 'The request body is not valid JSON.'));
      }
    },
  );
}
