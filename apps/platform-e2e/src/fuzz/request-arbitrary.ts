import fc from 'fast-check';
import { valueOf, type Hints, type JsonSchema } from './schema-arbitrary';

/** One operation of the OpenAPI document, as much of it as the fuzzer reads. */
export interface Operation {
  method: string;
  path: string;
  /** The document requires a bearer token for it (`security` not empty). */
  secured: boolean;
  parameters: { name: string; in: 'path' | 'query' | 'header'; schema?: JsonSchema }[];
  body?: JsonSchema;
}

export interface FuzzRequest {
  method: string;
  /** Path and query, ready to append to the gateway's address. */
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Sent with its operation's own method to an operation that requires a token. */
  secured: boolean;
  /** The operation it was made for, when sent with that operation's own method: what answers it. */
  operation?: { path: string; method: string };
}

/** What the fuzzer knows of the platform it runs against. */
export interface FuzzWorld {
  /** Authorization header values: valid tokens of each role, and broken or foreign ones. */
  authorizations: { valid: readonly string[]; invalid: readonly string[] };
  hints: Hints;
}

/** The operations of an OpenAPI 3 document, with `$ref`s to its components resolved. */
export function operationsOf(document: {
  paths: Record<
    string,
    Record<string, { parameters?: unknown[]; requestBody?: unknown; security?: unknown[] }>
  >;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(item)) {
      const parameters = (operation.parameters ?? []).filter(
        (parameter): parameter is Operation['parameters'][number] =>
          typeof parameter === 'object' && parameter !== null && 'name' in parameter,
      );
      const body = (
        operation.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined
      )?.content?.['application/json']?.schema;
      const secured = (operation.security ?? []).length > 0;
      operations.push({ method: method.toUpperCase(), path, parameters, secured, ...(body ? { body } : {}) });
    }
  return operations;
}

const OTHER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** A path segment: a real id now and then, else anything, up to far past Fastify's 100 characters. */
function segmentOf(name: string, world: FuzzWorld): fc.Arbitrary<string> {
  const real = world.hints[name];
  return fc
    .oneof(
      { weight: real ? 6 : 0, arbitrary: real ? fc.constantFrom(...real.map(String)) : fc.uuid() },
      { weight: 2, arbitrary: fc.uuid() },
      { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
      { weight: 1, arbitrary: fc.constantFrom('..', '.', '%', '\u0000', ' ', '2026-02-30T10:00:00Z') },
      { weight: 1, arbitrary: fc.integer({ min: 90, max: 2_100 }).map((length) => 'a'.repeat(length)) },
    )
    .map((segment) => encodeURIComponent(segment) || '%20');
}

/** Query parameters the operation declares, each present or not, plus unknown ones now and then. */
function queryOf(operation: Operation, world: FuzzWorld): fc.Arbitrary<[string, string][]> {
  const declared = operation.parameters
    .filter((parameter) => parameter.in === 'query')
    .map((parameter) =>
      fc.option(
        fc
          .oneof(
            { weight: 4, arbitrary: valueOf(parameter.schema ?? {}, world.hints, parameter.name) },
            { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
          )
          .map((value): [string, string] => [
            parameter.name,
            typeof value === 'string' ? value : JSON.stringify(value),
          ]),
        { nil: undefined, freq: 2 },
      ),
    );
  const unknown = fc.oneof(
    { weight: 5, arbitrary: fc.constant([]) },
    {
      weight: 1,
      arbitrary: fc.array(fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 })), {
        minLength: 1,
        maxLength: 2,
      }),
    },
  );
  return fc
    .tuple(fc.tuple(...declared), unknown)
    .map(([known, extra]) => [
      ...known.filter((pair): pair is [string, string] => pair !== undefined),
      ...extra,
    ]);
}

/** Header values an HTTP client can send: visible ASCII, now and then far too long. */
const headerText = fc.oneof(
  fc.stringMatching(/^[\x21-\x7e]{0,60}$/),
  fc.integer({ min: 250, max: 2_000 }).map((length) => 'k'.repeat(length)),
);

function headersOf(operation: Operation, world: FuzzWorld): fc.Arbitrary<Record<string, string>> {
  const declared = operation.parameters.filter((parameter) => parameter.in === 'header');
  return fc
    .record({
      authorization: fc.oneof(
        { weight: 12, arbitrary: fc.constantFrom(...world.authorizations.valid) },
        { weight: 2, arbitrary: fc.constantFrom(...world.authorizations.invalid) },
        { weight: 1, arbitrary: fc.constant(undefined) },
      ),
      contentType: fc.oneof(
        { weight: 8, arbitrary: fc.constant('application/json') },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            'text/plain',
            'application/json; charset=utf-16',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            '',
          ),
        },
      ),
      declared: fc.tuple(...declared.map(() => fc.option(headerText, { nil: undefined, freq: 3 }))),
      requestId: fc.option(headerText, { nil: undefined, freq: 4 }),
    })
    .map(({ authorization, contentType, declared: values, requestId }) => {
      const headers: Record<string, string> = {};
      if (authorization !== undefined) headers['authorization'] = authorization;
      if (contentType) headers['content-type'] = contentType;
      declared.forEach((parameter, index) => {
        const value = values[index];
        if (value !== undefined) headers[parameter.name.toLowerCase()] = value;
      });
      if (requestId !== undefined) headers['x-request-id'] = requestId;
      return headers;
    });
}

/** A body: the schema's values as JSON mostly, else JSON of anything, broken JSON, or nothing. */
function bodyOf(operation: Operation, world: FuzzWorld): fc.Arbitrary<string | undefined> {
  const fromSchema = valueOf(operation.body ?? {}, world.hints).map(
    (value) => JSON.stringify(value) ?? 'null',
  );
  return fc.oneof(
    { weight: operation.body ? 8 : 0, arbitrary: fromSchema },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)) },
    {
      weight: 1,
      arbitrary: fromSchema.chain((json) => fc.nat(json.length).map((cut) => json.slice(0, cut))),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 80 }) },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 40, max: 5_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
    },
    { weight: operation.body ? 1 : 6, arbitrary: fc.constant(undefined) },
  );
}

/** Requests for one operation: its own method mostly, its parameters, headers and body mutated. */
export function requestOf(operation: Operation, world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  return fc
    .record({
      method: fc.oneof(
        { weight: 12, arbitrary: fc.constant(operation.method) },
        { weight: 1, arbitrary: fc.constantFrom(...OTHER_METHODS) },
      ),
      segments: fc.tuple(...names.map((name) => segmentOf(name, world))),
      query: queryOf(operation, world),
      headers: headersOf(operation, world),
      body: bodyOf(operation, world),
    })
    .map(({ method, segments, query, headers, body }) => {
      let path = operation.path;
      names.forEach((name, index) => (path = path.replace(`{${name}}`, segments[index]!)));
      const search = new URLSearchParams(query).toString();
      // fetch refuses a body on GET; a GET with a body is not what any browser or proxy sends.
      const withBody = method !== 'GET' && body !== undefined;
      return {
        method,
        secured: operation.secured && method === operation.method,
        ...(method === operation.method ? { operation: { path: operation.path, method } } : {}),
        url: search ? `${path}?${search}` : path,
        headers: withBody ? headers : withoutContentType(headers),
        ...(withBody ? { body } : {}),
      };
    });
}

function withoutContentType(headers: Record<string, string>): Record<string, string> {
  const { 'content-type': _contentType, ...rest } = headers;
  return rest;
}
