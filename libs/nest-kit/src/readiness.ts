import { Injectable } from '@nestjs/common';

export type ReadinessCheck = () => Promise<unknown>;

export interface ReadinessReport {
  status: 'ready' | 'not_ready';
  /** `up`, or what went wrong. */
  checks: Record<string, string>;
}

/**
 * What a service needs before it takes traffic. Each dependency registers a check; a shutting
 * down instance reports itself not ready at once, so the load balancer drains it first.
 */
@Injectable()
export class Readiness {
  private readonly checks = new Map<string, ReadinessCheck>();
  private shuttingDown = false;

  register(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }

  markShuttingDown(): void {
    this.shuttingDown = true;
  }

  async report(timeoutMs = 2_000): Promise<ReadinessReport> {
    const entries = await Promise.all(
      [...this.checks].map(async ([name, check]) => [name, await outcome(check, timeoutMs)] as const),
    );
    const checks = Object.fromEntries(entries);
    if (this.shuttingDown) checks['shutdown'] = 'in progress';
    const ready = !this.shuttingDown && entries.every(([, result]) => result === 'up');
    return { status: ready ? 'ready' : 'not_ready', checks };
  }
}

async function outcome(check: ReadinessCheck, timeoutMs: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${timeoutMs} ms`), timeoutMs);
  });
  try {
    return await Promise.race([check().then(() => 'up'), timeout]);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    clearTimeout(timer);
  }
}
