/**
 * The stable error codes of docs/api.md and the HTTP status each one always has. Domain code
 * throws `DomainError` with a code; one filter at the edge turns it into problem+json.
 */
export const ERROR_STATUS = {
  invalid_json: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  customer_restricted: 403,
  not_found: 404,
  method_not_allowed: 405,
  slot_unavailable: 409,
  invalid_transition: 409,
  reschedule_limit: 409,
  idempotency_key_in_progress: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  nonexistent_local_time: 422,
  ambiguous_local_time: 422,
  offset_mismatch: 422,
  invalid_time_zone: 422,
  end_before_start: 422,
  too_long: 422,
  outside_business_hours: 422,
  too_short_notice: 422,
  invalid_rrule: 422,
  series_not_supported: 422,
  over_hold_limit: 422,
  idempotency_key_reused: 422,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

const TITLES: Partial<Record<ErrorCode, string>> = {
  validation_failed: 'The request is not valid',
  not_found: 'Not found',
  unauthorized: 'Unauthorized',
  forbidden: 'Forbidden',
};

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    detail: string,
    /** Extra members of the problem document (`errors`, `candidates`, `conflicts` …). */
    readonly extensions: Record<string, unknown> = {},
    /** Response headers the error implies (`Retry-After`). */
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'DomainError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** RFC 9457 problem details, as every error response of the platform is written. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  /** One of ERROR_STATUS's codes; a string so that clients tolerate codes added later. */
  code: string;
  [extension: string]: unknown;
}

export function problemOf(
  code: ErrorCode,
  detail: string,
  extensions: Record<string, unknown> = {},
): Problem {
  // Extensions first: they may add members, never replace the five that every problem has.
  return {
    ...extensions,
    type: `urn:booking-platform:problem:${code}`,
    title: TITLES[code] ?? code.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase()),
    status: ERROR_STATUS[code],
    detail,
    code,
  };
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}
