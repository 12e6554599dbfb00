import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthenticatedRequest } from './auth.guard';
import type { JwtVerifier } from './jwt-verifier';

/** The one route that takes a body without a token: the webhook proves itself by its signature. */
const TOKENLESS_BODY_ROUTES = new Set(['/v1/payments/webhook']);

const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined ||
  (request.headers['content-length'] !== undefined && request.headers['content-length'] !== '0');

/**
 * Verifies the bearer token before Fastify reads a body, so that nobody without one can make the
 * gateway read and parse a megabyte. The guard finds `request.caller` set and checks the roles.
 */
export function authenticateBeforeBody(fastify: FastifyInstance, verifier: JwtVerifier): void {
  fastify.addHook('onRequest', async (request: FastifyRequest) => {
    if (!hasBody(request) || TOKENLESS_BODY_ROUTES.has(request.routeOptions.url ?? '')) return;
    (request as AuthenticatedRequest).caller = await verifier.verify(request.headers.authorization);
  });
}
