import { overlongParameter, overlongParameterError } from './overlong-parameter';

const PATTERNS = [
  '/v1/series/:seriesId',
  '/v1/series/:seriesId/occurrences/:recurrenceId/cancel',
  '/v1/bookings',
];
const long = 'x'.repeat(101);

describe('overlongParameter', () => {
  it('names the parameter whose segment is over 100 characters, by the route it fits', () => {
    expect(overlongParameter(`/v1/series/${long}`, PATTERNS)).toBe('seriesId');
    expect(overlongParameter(`/v1/series/s1/occurrences/${long}/cancel?x=1`, PATTERNS)).toBe('recurrenceId');
  });

  it('names none where no route fits or no parameter is too long', () => {
    expect(overlongParameter(`/v2/series/${long}`, PATTERNS)).toBeUndefined();
    expect(overlongParameter(`/v1/series/${'x'.repeat(100)}`, PATTERNS)).toBeUndefined();
  });

  it('makes a 400 validation_failed whose errors name the parameter', () => {
    const error = overlongParameterError(`/v1/series/${long}`, PATTERNS);
    expect([error.code, error.extensions]).toEqual([
      'validation_failed',
      { errors: [{ path: '/seriesId', message: 'longer than 100 characters' }] },
    ]);
  });
});
