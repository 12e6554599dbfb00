import fc from 'fast-check';

/** The subset of JSON Schema that the OpenAPI document's request schemas use. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

/** Values worth trying for a field of this name (real ids, instants near the platform's now). */
export type Hints = Record<string, readonly unknown[]>;

const MAX_DEPTH = 4;

/** Any JSON at all: what a careless or hostile client sends where the schema says something else. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(null, '', 0, -1, 1e308, -0, true, [], {}, '\u0000', 'null', '2026-02-30', '+25:00'),
  fc.string({ unit: 'binary', maxLength: 60 }),
);

/**
 * Values the schema describes, often, and near misses: every field optional and sometimes of a
 * wrong type, unknown fields added. A server must answer each with 2xx or a 4xx problem.
 */
export function valueOf(schema: JsonSchema, hints: Hints, name = '', depth = 0): fc.Arbitrary<unknown> {
  const hinted = hints[name];
  const own = depth > MAX_DEPTH ? anyJson : ownValueOf(schema, hints, depth);
  return fc.oneof(
    { weight: hinted ? 16 : 0, arbitrary: hinted ? fc.constantFrom(...hinted) : own },
    { weight: 6, arbitrary: own },
    { weight: 1, arbitrary: anyJson },
  );
}

function ownValueOf(schema: JsonSchema, hints: Hints, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (choices?.length) return fc.oneof(...choices.map((choice) => valueOf(choice, hints, '', depth + 1)));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1)
    return fc.oneof(...types.map((type) => ownValueOf({ ...schema, type }, hints, depth)));
  switch (types[0]) {
    case 'object':
      return objectOf(schema, hints, depth);
    case 'array':
      return fc.array(valueOf(schema.items ?? {}, hints, '', depth + 1), {
        minLength: Math.min(schema.minItems ?? 0, 5),
        maxLength: Math.min(schema.maxItems ?? 5, 60),
      });
    case 'string':
      return stringOf(schema);
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1_000, Number.MIN_SAFE_INTEGER),
        max: Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER),
      });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case undefined:
    default:
      // No type said (`{}`, the webhook's `data`): anything.
      return anyJson;
  }
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  return fc.string({
    minLength: Math.min(schema.minLength ?? 0, 300),
    maxLength: Math.min(schema.maxLength ?? 40, 300),
  });
}

function objectOf(schema: JsonSchema, hints: Hints, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const record = fc.record(
    Object.fromEntries(
      fields.map(([field, fieldSchema]) => [
        field,
        // `freq`: absent one time in `freq`; a required field is missing now and then.
        fc.option(valueOf(fieldSchema, hints, field, depth + 1), {
          nil: undefined,
          freq: required.has(field) ? 12 : 2,
        }),
      ]),
    ),
  );
  // Now and then an unknown field, which a strict schema refuses.
  const unknownFields = fc.oneof(
    { weight: 7, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.string({ maxLength: 12 }), anyJson, { minKeys: 1, maxKeys: 2 }),
    },
  );
  return fc.tuple(record, unknownFields).map(([known, extra]) => {
    const present = Object.fromEntries(Object.entries(known).filter(([, value]) => value !== undefined));
    return extra ? { ...extra, ...present } : present;
  });
}
