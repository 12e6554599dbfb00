import type { z } from 'zod';
import { productionSecretProblems } from './production-secrets';

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n  ${issues.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/** Development or test: where the development defaults and the stand-ins may be used. */
export function isLocalEnvironment(env: Record<string, string | undefined>): boolean {
  return env['NODE_ENV'] === 'development' || env['NODE_ENV'] === 'test';
}

/** For a stand-in's own settings: it never runs outside development and test. */
export const standIn = (name: string) => (): string[] => [
  `${name}: a local stand-in; it runs only with NODE_ENV development or test`,
];

/**
 * Validates the environment once, at start-up, into a typed object. A service that starts
 * with a bad setting should refuse to start, not fail on the first request that needs it.
 */
export function parseConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined>,
  options: {
    secrets?: readonly string[];
    /** What in the settings belongs on a developer's machine only (a stand-in): refused elsewhere. */
    localOnly?: (config: z.infer<S>) => string[];
  } = {},
): z.infer<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  // Outside development and test (NODE_ENV unset included), the secrets must be the operator's
  // own: never a default that ships in the code, which anyone can read.
  if (!isLocalEnvironment(env)) {
    const defaults = schema.safeParse({}).data as Record<string, unknown> | undefined;
    const problems = [
      ...productionSecretProblems(env, options.secrets ?? [], defaults ?? {}),
      ...(options.localOnly?.(result.data) ?? []),
    ];
    if (problems.length > 0) throw new ConfigError(problems);
  }
  return result.data;
}
