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
} as const;

/** A wait bounded by the pool's timeouts ran out: the database is busy, not the request wrong. */
export function isDatabaseTimeout(error: unknown): boolean {
  return [PG_ERRORS.queryCanceled, PG_ERRORS.lockNotAvailable, PG_ERRORS.idleInTransactionTimeout].some(
    (code) => isPgError(error, code),
  );
}

export function isPgError(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}
