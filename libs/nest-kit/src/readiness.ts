import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';

export type ReadinessCheck = () => Promise<unknown>;

/**
 * `gating`: the instance cannot serve without it (its database). Others are reported but keep the
 * instance in rotation: with Kafka down the outbox keeps the events, and one slow dependency must
 * not take the whole API out of the load balancer.
 */
export interface CheckOptions {
  gating: boolean;
}

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
  private readonly checks = new Map<string, { check: ReadinessCheck } & CheckOptions>();
  private shuttingDown = false;

  register(name: string, check: ReadinessCheck, options: CheckOptions = { gating: true }): void {
    this.checks.set(name, { check, ...options });
  }

  markShuttingDown(): void {
    this.shuttingDown = true;
  }

  get isShuttingDown(): boolean {
    return this.shuttingDown;
  }

  /** Out of rotation at once, still serving for `drainMs` while balancers notice: then it may close. */
  async drain(drainMs: number): Promise<void> {
    this.markShuttingDown();
    await sleep(drainMs);
  }

  async report(timeoutMs = 2_000): Promise<ReadinessReport> {
    const entries = await Promise.all(
      [...this.checks].map(
        async ([name, { check, gating }]) =>
          ({ name, gating, result: await outcome(check, timeoutMs) }) as const,
      ),
    );
    const checks = Object.fromEntries(entries.map(({ name, result }) => [name, result]));
    if (this.shuttingDown) checks['shutdown'] = 'in progress';
    const ready = !this.shuttingDown && entries.every(({ gating, result }) => !gating || result === 'up');
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
