import type { z } from 'zod';
import { DomainError, isErrorCode } from '@booking/contracts';

/** A refinement may name the contract's own code for its failure (`params: { code }`). */
function codeOf(issue: z.core.$ZodIssue): string | undefined {
  return issue.code === 'custom' ? (issue.params as { code?: string } | undefined)?.code : undefined;
}

/**
 * Parses a body or query against its schema; a failure names every bad field by its JSON path.
 * When every problem is of one contract code (an unknown time zone: 422 `invalid_time_zone`),
 * that code is answered; any other mix is 400 `validation_failed`.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issues = result.error.issues;
  const errors = issues.map((issue) => ({
    path: `/${issue.path.map(String).join('/')}`,
    message:
      issue.code === 'unrecognized_keys' ? `unknown field(s): ${issue.keys.join(', ')}` : issue.message,
  }));
  const codes = new Set(issues.map(codeOf));
  const [only] = [...codes];
  if (codes.size === 1 && isErrorCode(only)) {
    throw new DomainError(only, errors.map((error) => `${error.path}: ${error.message}`).join('; '), {
      errors,
    });
  }
  throw new DomainError('validation_failed', 'Some fields are missing, unknown or of the wrong type.', {
    errors,
  });
}
