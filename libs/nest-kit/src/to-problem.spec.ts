import { BadRequestException, HttpException, NotFoundException } from '@nestjs/common';
import { DomainError } from '@booking/contracts';
import { toProblem } from './to-problem';

describe('toProblem', () => {
  it('keeps a domain error’s code, detail, extensions and headers', () => {
    const { problem, headers, unexpected } = toProblem(
      new DomainError('rate_limited', 'Three holds in 15 minutes.', { limit: 3 }, { 'retry-after': '600' }),
    );
    expect(problem).toEqual({
      type: 'urn:booking-platform:problem:rate_limited',
      title: 'Rate limited',
      status: 429,
      detail: 'Three holds in 15 minutes.',
      code: 'rate_limited',
      limit: 3,
    });
    expect(headers).toEqual({ 'retry-after': '600' });
    expect(unexpected).toBe(false);
  });

  it.each([
    [new HttpException('Request body is too large', 413), 413, 'payload_too_large'],
    [new HttpException('Unsupported Media Type: text/plain', 415), 415, 'unsupported_media_type'],
    [new NotFoundException('Cannot GET /x'), 404, 'not_found'],
    [new BadRequestException('bad'), 400, 'validation_failed'],
  ])('maps %p to %i %s', (error, status, code) => {
    const { problem } = toProblem(error);
    expect(problem.status).toBe(status);
    expect(problem.code).toBe(code);
  });

  it('answers a fault of ours with a generic 500 that leaks nothing', () => {
    const { problem, unexpected } = toProblem(
      new TypeError("Cannot read properties of undefined (reading 'rows')"),
    );
    expect(problem.status).toBe(500);
    expect(problem.code).toBe('internal_error');
    expect(JSON.stringify(problem)).not.toContain('rows');
    expect(unexpected).toBe(true);
  });
});
