import { z } from 'zod';
import { createResourceSchema, DomainError } from '@booking/contracts';
import { validate } from './validate';

function failure(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
  }
  throw new Error('expected a DomainError');
}

describe('validate', () => {
  const schema = z.object({ name: z.string(), seats: z.number().int() }).strict();

  it('returns the parsed value', () => {
    expect(validate(schema, { name: 'Hudson', seats: 8 })).toEqual({ name: 'Hudson', seats: 8 });
  });

  it('names every bad field by its JSON path, and unknown fields by name', () => {
    const error = failure(() => validate(schema, { name: 3, seats: 1.5, colour: 'red' }));
    expect(error.code).toBe('validation_failed');
    expect(error.extensions['errors']).toEqual([
      { path: '/name', message: expect.any(String) },
      { path: '/seats', message: expect.any(String) },
      { path: '/', message: 'unknown field(s): colour' },
    ]);
  });

  it('answers 422 invalid_time_zone when the zone is the only problem', () => {
    const body = { name: 'car', kind: 'car', city: 'HN', ownerId: 'h', timeZone: 'UTC+8', currency: 'VND' };
    expect(failure(() => validate(createResourceSchema, body)).code).toBe('invalid_time_zone');
    expect(failure(() => validate(createResourceSchema, { ...body, currency: 'x' })).code).toBe(
      'validation_failed',
    );
  });
});
