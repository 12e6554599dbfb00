import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { describeError, type JsonLogger } from './json-logger';
import { LOGGER } from './tokens';

/**
 * A job that runs every `intervalMs` for the application's lifetime, never overlapping itself:
 * a tick while a run is under way is folded into one more run after it, and shutdown waits for
 * the run in progress. `wake()` runs it now (work has just arrived); `runNow()` runs it after the
 * run in progress and says when that run is over. Failures are logged and the next tick tries again.
 */
@Injectable()
export abstract class PeriodicJob implements OnApplicationBootstrap, OnApplicationShutdown {
  @Inject(LOGGER) protected readonly logger!: JsonLogger;

  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private again = false;
  private stopping = false;

  protected abstract readonly name: string;
  protected abstract intervalMs(): number;
  abstract runOnce(): Promise<unknown>;

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.wake(), this.intervalMs());
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** True once shutdown began: a run that loops over a backlog stops after the round in hand. */
  protected get shuttingDown(): boolean {
    return this.stopping;
  }

  wake(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    void this.start();
  }

  async runNow(): Promise<void> {
    while (this.running) await this.running;
    await this.start();
  }

  private start(): Promise<unknown> {
    this.running = this.runOnce()
      .catch((error: unknown) => this.logger.event('error', `${this.name} failed`, describeError(error)))
      .finally(() => {
        this.running = undefined;
        if (this.again && this.timer) {
          this.again = false;
          this.wake();
        }
      });
    return this.running;
  }
}
