import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Runs `work` again while it fails with an error kafkajs marks retriable ("does not host this
 * topic-partition", "leader not available"): what a broker that has just started, or a topic that
 * has just been created, answers for a moment.
 */
export async function retryTransient<T>(work: () => Promise<T>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await work();
    } catch (error) {
      const retriable = (error as { retriable?: boolean }).retriable === true;
      if (!retriable || Date.now() > deadline) throw error;
      await sleep(300);
    }
  }
}
