import { DomainError } from '@booking/contracts';

/** Fastify's default `maxParamLength`: the router refuses a longer path parameter before any route runs. */
export const MAX_PARAM_LENGTH = 100;

/**
 * Which path parameter a too-long segment of `path` stands in, read off the routes' patterns
 * (`/v1/series/:seriesId`): the router refuses such a path before it knows the route, so it
 * cannot say.
 */
export function overlongParameter(path: string, patterns: readonly string[]): string | undefined {
  const segments = path.split('?')[0]!.split('/');
  for (const pattern of patterns) {
    const parts = pattern.split('/');
    if (parts.length !== segments.length) continue;
    const fits = parts.every((part, index) => part.startsWith(':') || part === segments[index]);
    const long = parts.findIndex(
      (part, index) => part.startsWith(':') && segments[index]!.length > MAX_PARAM_LENGTH,
    );
    if (fits && long >= 0) return parts[long]!.slice(1);
  }
  return undefined;
}

/** The 400 for a too-long path parameter, naming it where a route shows which it is. */
export function overlongParameterError(path: string, patterns: readonly string[]): DomainError {
  const name = overlongParameter(path, patterns);
  const message = `longer than ${MAX_PARAM_LENGTH} characters`;
  return new DomainError(
    'validation_failed',
    name ? `The path parameter ${name} is ${message}.` : `A part of the address is ${message}.`,
    { errors: [{ path: `/${name ?? 'path'}`, message }] },
  );
}
