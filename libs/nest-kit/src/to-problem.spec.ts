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

  it('answers a PostgreSQL timeout (statement, lock, idle transaction) 503 with Retry-After', () => {
    for (const code of ['57014', '55P03', '25P03']) {
      const { problem, headers, unexpected } = toProblem(
        Object.assign(new Error('canceling statement'), { code }),
      );
      expect([code, problem.status, problem.code, headers, unexpected]).toEqual([
        code,
        503,
        'service_unavailable',
        { 'retry-after': '1' },
        false,
      ]);
    }
  });

  it('answers a database that is away (restarting, refusing, ending sessions) 503 with Retry-After', () => {
    const away = [
      Object.assign(new Error('the database system is shutting down'), { code: '57P03' }),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new Error('Connection terminated unexpectedly'),
    ];
    for (const error of away) {
      const { problem, headers, unexpected } = toProblem(error);
      expect([error.message, problem.status, problem.code, headers, unexpected]).toEqual([
        error.message,
        503,
        'service_unavailable',
        { 'retry-after': '1' },
        false,
      ]);
    }
  });

  it('answers a value PostgreSQL finds out of range (date, number) 400 validation_failed', () => {
    for (const code of ['22008', '22003']) {
      const { problem, unexpected } = toProblem(Object.assign(new Error('out of range'), { code }));
      expect([code, problem.status, problem.code, unexpected]).toEqual([
        code,
        400,
        'validation_failed',
        false,
      ]);
    }
  });

  it('answers a path parameter over the router’s limit 400 validation_failed', () => {
    const error = Object.assign(new URIError('too long'), {
      code: 'FST_ERR_MAX_PARAM_LENGTH',
      statusCode: 414,
    });
    expect(toProblem(error).problem).toMatchObject({ status: 400, code: 'validation_failed' });
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
