/** The SQLSTATEs this platform reacts to. */
export const PG_ERRORS = {
  uniqueViolation: '23505',
  exclusionViolation: '23P01',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
  duplicateDatabase: '42P04',
  /** statement_timeout (or a cancel) ended the statement. */
  queryCanceled: '57014',
  /** lock_timeout ended a wait for a lock. */
  lockNotAvailable: '55P03',
  /** idle_in_transaction_session_timeout ended the session. */
  idleInTransactionTimeout: '25P03',
  /** A date or time outside PostgreSQL's range (4713 BC to 294276 AD). */
  datetimeFieldOverflow: '22008',
  numericValueOutOfRange: '22003',
} as const;

/** A value the request carried that PostgreSQL cannot hold: the request's fault, never a 500. */
export function isValueOutOfRange(error: unknown): boolean {
  return [PG_ERRORS.datetimeFieldOverflow, PG_ERRORS.numericValueOutOfRange].some((code) =>
    isPgError(error, code),
  );
}

/** A wait bounded by the pool's timeouts ran out: the database is busy, not the request wrong. */
export function isDatabaseTimeout(error: unknown): boolean {
  return [PG_ERRORS.queryCanceled, PG_ERRORS.lockNotAvailable, PG_ERRORS.idleInTransactionTimeout].some(
    (code) => isPgError(error, code),
  );
}

/** How a session to a database that is away fails: refused, cut, or ended by the server. */
const CONNECTION_LOST = ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'];

/**
 * The database is away (restarting, unreachable) or ended the session, which says nothing about
 * the request: SQLSTATE class 57P (shutdown, cannot connect now), class 08 (connection), a socket
 * error, or node-postgres' own words for a connection that ended.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (
    typeof code === 'string' &&
    (code.startsWith('57P') || code.startsWith('08') || CONNECTION_LOST.includes(code))
  )
    return true;
  return (
    error instanceof Error &&
    /^Connection terminated|^timeout exceeded when trying to connect/.test(error.message)
  );
}

export function isPgError(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}
