import { createBookingSchema, createResourceSchema } from '@booking/contracts';
import { buildOpenApiDocument } from './openapi-document';
import { CREATE_BOOKING_EXAMPLES, CREATE_RESOURCE_EXAMPLES } from './request-examples';

type Operation = {
  operationId: string;
  responses: Record<
    string,
    { content?: Record<string, { schema: unknown }>; headers?: Record<string, unknown> }
  >;
};

/** The error codes an operation documents, from its problem+json responses. */
function codesOf(operation: Operation): string[] {
  return Object.values(operation.responses).flatMap((response) => {
    const schema = response.content?.['application/problem+json']?.schema as
      { allOf: [unknown, { properties: { code: { enum: string[] } } }] } | undefined;
    return schema?.allOf[1].properties.code.enum ?? [];
  });
}

describe('OpenAPI document', () => {
  const paths = buildOpenApiDocument()['paths'] as Record<string, Record<string, Operation>>;

  it('documents the same refusals for a booking moved alone or as a series occurrence', () => {
    const alone = codesOf(paths['/v1/bookings/{bookingId}/reschedule']!['post']!);
    const occurrence = codesOf(
      paths['/v1/series/{seriesId}/occurrences/{recurrenceId}/reschedule']!['post']!,
    );
    expect(occurrence.sort()).toEqual(alone.sort());
    expect(alone).toEqual(
      expect.arrayContaining([
        'slot_unavailable',
        'reschedule_limit',
        'invalid_transition',
        'nonexistent_local_time',
        'ambiguous_local_time',
        'outside_business_hours',
        'customer_restricted',
      ]),
    );
  });

  const operations = Object.values(paths).flatMap((path) => Object.values(path));

  it('names every operation with its own operationId', () => {
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.every((id) => /^[a-z][A-Za-z]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(operations.length);
  });

  const responses = operations.flatMap((operation) =>
    Object.entries(operation.responses).map(([status, response]) => ({ operation, status, response })),
  );

  it('gives every answer X-Request-Id, and every success a body schema but 204s and the redirect, which has a Location', () => {
    for (const { response } of responses) expect(response.headers).toHaveProperty('X-Request-Id');
    const successes = responses.filter(({ status }) => status.startsWith('2') || status === '303');
    const bodiless = successes.filter(
      ({ status, response }) => status !== '204' && response.content === undefined,
    );
    expect(bodiless.map(({ operation }) => operation.operationId)).toEqual(['openCheckout']);
    expect(bodiless[0]!.response.headers).toHaveProperty('Location');
    const noContent = successes.filter(({ status }) => status === '204');
    expect(noContent.map(({ response }) => response.content)).toEqual(noContent.map(() => undefined));
  });

  it('declares Retry-After on every 429 and 503, and Idempotent-Replayed where a key replays', () => {
    const comeBackLater = responses.filter(({ status }) => status === '429' || status === '503');
    expect(comeBackLater.length).toBeGreaterThan(0);
    for (const { response } of comeBackLater) expect(response.headers).toHaveProperty('Retry-After');
    const create = paths['/v1/bookings']!['post']!;
    expect(create.responses['201']!.headers).toHaveProperty('Idempotent-Replayed');
    expect(create.responses['409']!.headers).toHaveProperty('Idempotent-Replayed');
  });

  it('shows request examples the API itself accepts', () => {
    for (const { value } of Object.values(CREATE_RESOURCE_EXAMPLES))
      expect(createResourceSchema.safeParse(value).error).toBeUndefined();
    for (const { value } of Object.values(CREATE_BOOKING_EXAMPLES))
      expect(createBookingSchema.safeParse(value).error).toBeUndefined();
  });
});
