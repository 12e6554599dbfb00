import { buildOpenApiDocument } from './openapi-document';

type Operation = { responses: Record<string, { content?: Record<string, { schema: unknown }> }> };

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
});
