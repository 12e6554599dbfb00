import type { z } from 'zod';
import { productionSecretProblems } from './production-secrets';

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n  ${issues.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Validates the environment once, at start-up, into a typed object. A service that starts
 * with a bad setting should refuse to start, not fail on the first request that needs it.
 */
export function parseConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined>,
  options: { secrets?: readonly string[] } = {},
): z.infer<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  // Outside development and test (NODE_ENV unset included), the secrets must be the operator's
  // own: never a default that ships in the code, which anyone can read.
  const local = env['NODE_ENV'] === 'development' || env['NODE_ENV'] === 'test';
  if (!local && options.secrets) {
    const defaults = schema.safeParse({}).data as Record<string, unknown> | undefined;
    const problems = productionSecretProblems(env, options.secrets, defaults ?? {});
    if (problems.length > 0) throw new ConfigError(problems);
  }
  return result.data;
}
