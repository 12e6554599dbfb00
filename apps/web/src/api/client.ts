import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema';

export type Booking = components['schemas']['Booking'];
export type CancelledBooking = components['schemas']['CancelledBooking'];
// openapi-fetch reads the hours' [from, to] tuples as plain arrays; the hours editor parses them itself.
export type Resource = Omit<components['schemas']['Resource'], 'businessHours'> & { businessHours: unknown };
export type Problem = components['schemas']['Problem'];
export type Notification = components['schemas']['Notification'];
export type Standing = components['schemas']['Standing'];
export type Series = components['schemas']['Series'];
export type Occurrence = components['schemas']['Occurrence'];
export type CreatedSeries = components['schemas']['CreatedSeries'];

/** The gateway's API, typed from its OpenAPI document: a contract change that breaks a page breaks the build. */
export function apiClient(baseUrl: string, accessToken: () => string | undefined) {
  const client = createClient<paths>({ baseUrl });
  const bearer: Middleware = {
    onRequest({ request }) {
      const token = accessToken();
      if (token) request.headers.set('authorization', `Bearer ${token}`);
      return request;
    },
  };
  client.use(bearer);
  return client;
}

export type Api = ReturnType<typeof apiClient>;

/** A problem+json answer, thrown so that pages show it as a sentence. */
export class ApiProblem extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail ?? problem.title);
  }
}

/** The data of a successful answer, or the problem thrown. */
export function ok<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data !== undefined) return result.data;
  const problem = result.error as Problem | undefined;
  throw new ApiProblem(
    problem && typeof problem === 'object' && 'code' in problem
      ? problem
      : {
          type: 'about:blank',
          title: 'Error',
          status: result.response.status,
          code: 'internal_error',
          detail: '',
        },
  );
}
