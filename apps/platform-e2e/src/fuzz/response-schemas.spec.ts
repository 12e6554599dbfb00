import { ResponseSchemas } from './response-schemas';

const document = {
  openapi: '3.1.0',
  paths: {
    '/v1/bookings/{bookingId}': {
      get: {
        responses: {
          '200': {
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Booking' } } },
          },
          '204': {},
        },
      },
    },
  },
  components: {
    schemas: {
      Booking: {
        type: 'object',
        required: ['bookingId', 'start'],
        properties: { bookingId: { type: 'string' }, start: { type: 'string', format: 'date-time' } },
      },
    },
  },
};

describe('ResponseSchemas', () => {
  const schemas = new ResponseSchemas(document);
  const operation = { path: '/v1/bookings/{bookingId}', method: 'GET' };
  const json = 'application/json; charset=utf-8';

  it('accepts a body that matches the documented schema, through its $ref', () => {
    const body = JSON.stringify({ bookingId: 'b-1', start: '2026-12-07T10:00:00Z' });
    expect(schemas.problemWith(operation, 200, json, body)).toBeUndefined();
  });

  it('names a body that does not match: a field missing, a format broken', () => {
    expect(schemas.problemWith(operation, 200, json, JSON.stringify({ bookingId: 'b-1' }))).toMatch(
      /does not match the documented schema: .*must have required property 'start'/,
    );
    const badDate = JSON.stringify({ bookingId: 'b-1', start: 'yesterday' });
    expect(schemas.problemWith(operation, 200, json, badDate)).toMatch(/must match format "date-time"/);
  });

  it('names a status the operation does not document, and a JSON body where none is declared', () => {
    expect(schemas.problemWith(operation, 201, json, '{}')).toBe(
      'status 201 is not among the documented 200, 204',
    );
    expect(schemas.problemWith(operation, 204, json, '{}')).toBe(
      'a JSON body where the document declares none',
    );
    expect(schemas.problemWith(operation, 204, '', '')).toBeUndefined();
  });
});
