import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode, type Role } from '@booking/contracts';

type JsonSchema = Record<string, unknown>;

export function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  // Refinements have no JSON Schema words; they are described in the operation's text.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** Response headers declared once in `components.headers`. */
export type ResponseHeader = 'Location' | 'IdempotentReplayed';

export interface OperationSpec {
  /** Stable and unique: client generators name their methods after it. */
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  /** Who may call; absent means public. */
  roles?: Role[] | 'any';
  pathParams?: string[];
  query?: z.ZodObject;
  headers?: { name: string; description: string; required?: boolean }[];
  body?: z.ZodType;
  /** Named request examples, in the contract's words. */
  bodyExamples?: Record<string, { summary: string; value: unknown }>;
  success: {
    status: number;
    description: string;
    schema?: JsonSchema | { $ref: string };
    /** The answer's media type when it is not JSON. */
    mediaType?: string;
    headers?: ResponseHeader[];
  };
  errors: ErrorCode[];
  /** Answers replayed for an `Idempotency-Key` carry `Idempotent-Replayed: true`: the success and 409s. */
  replayable?: boolean;
}

const headerRefs = (names: string[]) =>
  Object.fromEntries(names.map((name) => [headerName(name), { $ref: `#/components/headers/${name}` }]));

function headerName(component: string): string {
  return {
    RequestId: 'X-Request-Id',
    RetryAfter: 'Retry-After',
    IdempotentReplayed: 'Idempotent-Replayed',
    Location: 'Location',
  }[component]!;
}

/** Every answer carries the request id; a 429 or 503 says when to come back. */
function errorHeaders(status: number, replayable: boolean): string[] {
  return [
    'RequestId',
    ...(status === 429 || status === 503 ? ['RetryAfter'] : []),
    ...(replayable && status === 409 ? ['IdempotentReplayed'] : []),
  ];
}

const ALWAYS: ErrorCode[] = ['internal_error'];

/** Groups the operation's error codes by status, each status one response listing its codes. */
function errorResponses(codes: ErrorCode[], replayable: boolean): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of [...codes, ...ALWAYS]) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      String(status),
      {
        description: `problem+json with code ${list.map((code) => `\`${code}\``).join(', ')}`,
        headers: headerRefs(errorHeaders(status, replayable)),
        content: {
          'application/problem+json': {
            schema: {
              allOf: [{ $ref: '#/components/schemas/Problem' }, { properties: { code: { enum: list } } }],
            },
          },
        },
      },
    ]),
  );
}

export function operation(spec: OperationSpec): Record<string, unknown> {
  const parameters: unknown[] = [];
  for (const name of spec.pathParams ?? []) {
    parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
  }
  if (spec.query) {
    const properties = (jsonSchema(spec.query)['properties'] ?? {}) as Record<string, JsonSchema>;
    const required = new Set((jsonSchema(spec.query)['required'] as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries(properties)) {
      parameters.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  for (const header of spec.headers ?? []) {
    parameters.push({
      name: header.name,
      in: 'header',
      required: header.required ?? false,
      description: header.description,
      schema: { type: 'string' },
    });
  }
  parameters.push({ $ref: '#/components/parameters/RequestId' });
  const roles = spec.roles;
  const who =
    roles === undefined ? 'Public.' : roles === 'any' ? 'Any signed-in role.' : `Role: ${roles.join(', ')}.`;
  const errors: ErrorCode[] = [
    ...(roles === undefined ? [] : (['unauthorized'] as ErrorCode[])),
    ...(Array.isArray(roles) ? (['forbidden'] as ErrorCode[]) : []),
    ...(spec.body ? (['invalid_json', 'payload_too_large', 'unsupported_media_type'] as ErrorCode[]) : []),
    ...spec.errors,
  ];
  const successHeaders = [
    'RequestId',
    ...(spec.success.headers ?? []),
    ...(spec.replayable ? ['IdempotentReplayed'] : []),
  ];
  return {
    operationId: spec.operationId,
    summary: spec.summary,
    description: [spec.description, who].filter(Boolean).join('\n\n'),
    tags: spec.tags,
    ...(roles === undefined ? { security: [] } : { security: [{ bearer: [] }] }),
    parameters,
    ...(spec.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: jsonSchema(spec.body),
                ...(spec.bodyExamples ? { examples: spec.bodyExamples } : {}),
              },
            },
          },
        }
      : {}),
    responses: {
      [String(spec.success.status)]: {
        description: spec.success.description,
        headers: headerRefs(successHeaders),
        ...(spec.success.schema
          ? { content: { [spec.success.mediaType ?? 'application/json']: { schema: spec.success.schema } } }
          : {}),
      },
      ...errorResponses([...new Set(errors)], spec.replayable ?? false),
    },
  };
}

export const PROBLEM_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'RFC 9457 problem details.',
  required: ['type', 'title', 'status', 'detail', 'code'],
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    code: { type: 'string', enum: Object.keys(ERROR_STATUS) },
    errors: {
      type: 'array',
      description: 'validation_failed: what is wrong, field by field',
      items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } },
    },
    candidates: {
      type: 'array',
      description: 'ambiguous_local_time: both instants of the repeated wall time, earlier first',
      items: {
        type: 'object',
        required: ['instant', 'local', 'offset'],
        properties: {
          instant: { type: 'string', format: 'date-time' },
          local: { type: 'string', description: 'The wall time with its offset in the zone' },
          offset: { type: 'string', examples: ['-04:00'] },
        },
      },
    },
    conflicts: {
      type: 'array',
      description: 'slot_unavailable for a series: the occurrences that are taken (nothing was held)',
      items: { $ref: '#/components/schemas/SeriesConflict' },
    },
    occurrences: {
      type: 'array',
      description: 'nonexistent_local_time for a series: the occurrences that fall in a DST gap',
      items: { type: 'string' },
    },
    retryAfterSeconds: { type: 'integer', description: 'rate_limited: as the Retry-After header' },
    limit: { type: 'integer', description: 'over_hold_limit: the bookings a customer may hold per window' },
    counted: { type: 'integer', description: 'over_hold_limit: the bookings this request would hold' },
  },
};

/** The response headers, declared once. */
export const RESPONSE_HEADERS: JsonSchema = {
  RequestId: {
    description: 'The request id: the one sent, or one made for this request; it is in the logs too.',
    schema: { type: 'string' },
  },
  RetryAfter: {
    description: 'Seconds to wait before trying again.',
    schema: { type: 'integer', minimum: 1 },
  },
  IdempotentReplayed: {
    description: '`true` when this is the stored answer to an earlier request with the same Idempotency-Key.',
    schema: { type: 'string', enum: ['true'] },
  },
  Location: { description: "The provider's checkout page.", schema: { type: 'string', format: 'uri' } },
};
