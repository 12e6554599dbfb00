/** The SQLSTATEs this platform reacts to. */
export const PG_ERRORS = {
  uniqueViolation: '23505',
  exclusionViolation: '23P01',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
  duplicateDatabase: '42P04',
} as const;

export function isPgError(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}
