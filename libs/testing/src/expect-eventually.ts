import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Retries an assertion until it passes or the time is up, then throws its last failure: waits for
 * asynchronous effects (Kafka, relays, jobs) without guessing a sleep.
 */
export async function expectEventually<T>(
  assertion: () => T | Promise<T>,
  { timeoutMs = 20_000, intervalMs = 50 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await assertion();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(intervalMs);
    }
  }
}
