import { HttpException } from '@nestjs/common';
import { DomainError, problemOf, type ErrorCode, type Problem } from '@booking/contracts';
import { isDatabaseTimeout, isDatabaseUnavailable, isValueOutOfRange } from '@booking/db';

export interface ProblemResponse {
  problem: Problem;
  headers: Record<string, string>;
  /** A fault of ours rather than of the request: logged with its stack, answered without it. */
  unexpected: boolean;
}

/** Fastify's own errors for what arrives before a handler runs: size, media type, JSON syntax. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_BAD_URL: 'validation_failed',
  FST_ERR_MAX_PARAM_LENGTH: 'validation_failed',
};

/** Where a Fastify code's own sentence says more than its contract code's. */
const FASTIFY_DETAILS: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address is not a valid URL.',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the address is longer than 100 characters.',
};

const DETAILS: Partial<Record<ErrorCode, string>> = {
  payload_too_large: 'The request body is larger than 1 MiB.',
  unsupported_media_type: 'Send the body as application/json.',
  invalid_json: 'The request body is not valid JSON.',
  not_found: 'There is nothing at this address.',
  method_not_allowed: 'This method is not allowed here.',
};

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'validation_failed',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'service_unavailable',
};

/** Every error, whatever threw it, as the problem document the contract promises. */
export function toProblem(error: unknown): ProblemResponse {
  if (error instanceof DomainError) {
    return {
      problem: problemOf(error.code, error.message, error.extensions),
      headers: error.headers,
      unexpected: false,
    };
  }
  const fastifyCode = (error as { code?: unknown } | null)?.code;
  if (typeof fastifyCode === 'string' && FASTIFY_CODES[fastifyCode]) {
    const code = FASTIFY_CODES[fastifyCode];
    const detail = FASTIFY_DETAILS[fastifyCode] ?? DETAILS[code] ?? code;
    return { problem: problemOf(code, detail), headers: {}, unexpected: false };
  }
  if (error instanceof SyntaxError && (error as { statusCode?: number }).statusCode === 400) {
    return { problem: problemOf('invalid_json', DETAILS.invalid_json!), headers: {}, unexpected: false };
  }
  if (isValueOutOfRange(error)) {
    const detail = 'A value in the request is out of range.';
    return { problem: problemOf('validation_failed', detail), headers: {}, unexpected: false };
  }
  if (isDatabaseTimeout(error)) {
    return {
      problem: problemOf('service_unavailable', 'The database is busy; try again shortly.'),
      headers: { 'retry-after': '1' },
      unexpected: false,
    };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      problem: problemOf('service_unavailable', 'The database cannot be reached; try again shortly.'),
      headers: { 'retry-after': '1' },
      unexpected: false,
    };
  }
  const status =
    error instanceof HttpException ? error.getStatus() : (error as { statusCode?: unknown })?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = STATUS_CODES[status] ?? 'validation_failed';
    const detail = DETAILS[code] ?? (error instanceof Error ? error.message : code);
    return { problem: { ...problemOf(code, detail), status }, headers: {}, unexpected: false };
  }
  return {
    problem: problemOf('internal_error', 'Something went wrong on our side; it has been logged.'),
    headers: {},
    unexpected: true,
  };
}
