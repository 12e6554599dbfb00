export interface RetrySettings {
  maxAttempts: number;
  baseMs: number;
  maxMs: number;
}

/**
 * Exponential backoff with "equal jitter" (half fixed, half random): retries of many refunds
 * that failed together spread out instead of hitting a recovering provider at once, and no retry
 * comes sooner than half its step. `random` is in [0, 1).
 */
export function retryDelayMs(
  failedAttempts: number,
  settings: Pick<RetrySettings, 'baseMs' | 'maxMs'>,
  random: number,
): number {
  const step = Math.min(settings.maxMs, settings.baseMs * 2 ** Math.max(0, failedAttempts - 1));
  return Math.round(step / 2 + (step / 2) * random);
}

/** After a failed call: try again later, or give up. Refusals by the provider are final at once. */
export function afterFailure(
  failedAttempts: number,
  kind: 'retryable' | 'rejected',
  settings: RetrySettings,
  random: number,
): { retryInMs: number } | 'give_up' {
  if (kind === 'rejected' || failedAttempts >= settings.maxAttempts) return 'give_up';
  return { retryInMs: retryDelayMs(failedAttempts, settings, random) };
}
