import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode, type Role } from '@booking/contracts';

type JsonSchema = Record<string, unknown>;

export function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  // Refinements have no JSON Schema words; they are described in the operation's text.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

export interface OperationSpec {
  summary: string;
  description?: string;
  tags: string[];
  /** Who may call; absent means public. */
  roles?: Role[] | 'any';
  pathParams?: string[];
  query?: z.ZodObject;
  headers?: { name: string; description: string; required?: boolean }[];
  body?: z.ZodType;
  success: { status: number; description: string; schema?: JsonSchema | { $ref: string } };
  errors: ErrorCode[];
}

const ALWAYS: ErrorCode[] = ['internal_error'];

/** Groups the operation's error codes by status, each status one response listing its codes. */
function errorResponses(codes: ErrorCode[]): Record<string, unknown> {
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
  return {
    summary: spec.summary,
    description: [spec.description, who].filter(Boolean).join('\n\n'),
    tags: spec.tags,
    ...(roles === undefined ? { security: [] } : { security: [{ bearer: [] }] }),
    parameters,
    ...(spec.body
      ? {
          requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(spec.body) } } },
        }
      : {}),
    responses: {
      [String(spec.success.status)]: {
        description: spec.success.description,
        ...(spec.success.schema ? { content: { 'application/json': { schema: spec.success.schema } } } : {}),
      },
      ...errorResponses([...new Set(errors)]),
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
      items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } },
    },
  },
};
