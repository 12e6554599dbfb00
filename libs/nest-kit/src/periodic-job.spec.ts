import { JsonLogger } from './json-logger';
import { PeriodicJob } from './periodic-job';

/** A job whose runs the test ends by hand, recording when each starts and ends. */
class GatedJob extends PeriodicJob {
  protected readonly name = 'gated';
  readonly events: string[] = [];
  private readonly gates: (() => void)[] = [];
  private runs = 0;

  constructor() {
    super();
    Object.assign(this, { logger: new JsonLogger('test', 'error') });
  }

  protected intervalMs(): number {
    return 60_000;
  }

  runOnce(): Promise<void> {
    const run = ++this.runs;
    this.events.push(`start ${run}`);
    return new Promise((resolve) =>
      this.gates.push(() => {
        this.events.push(`end ${run}`);
        resolve();
      }),
    );
  }

  finishNext(): void {
    this.gates.shift()?.();
  }
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('a periodic job run on demand', () => {
  it('runs after the run in progress, never beside it, and resolves when its own run ends', async () => {
    const job = new GatedJob();
    job.wake();
    let done = false;
    const now = job.runNow().then(() => (done = true));
    await settle();
    expect(job.events).toEqual(['start 1']);
    job.finishNext();
    await settle();
    expect(job.events).toEqual(['start 1', 'end 1', 'start 2']);
    expect(done).toBe(false);
    job.finishNext();
    await now;
    expect(job.events).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
  });

  it('runs at once when nothing is running', async () => {
    const job = new GatedJob();
    const now = job.runNow();
    await settle();
    expect(job.events).toEqual(['start 1']);
    job.finishNext();
    await now;
    expect(job.events).toEqual(['start 1', 'end 1']);
  });
});
