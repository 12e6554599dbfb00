import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { waitForHttp } from '@booking/local-infra';

const ROOT = join(__dirname, '../../../..');

/** How one run of a process ended, and when. */
export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  at: number;
}

/**
 * One instance of a service as its own process (as in production: one process per pod), on a
 * fixed port, so that after a kill it starts again where the gateway expects it.
 */
export class ServiceProcess {
  private child: ChildProcess | undefined;
  private exit: Promise<ProcessExit> | undefined;
  private exited: ProcessExit | undefined;
  /** Ready since its last start, and not told to stop since. */
  private serving = false;
  private readonly log: WriteStream;

  constructor(
    readonly app: string,
    readonly name: string,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
    logDir: string,
    /** What answers 200 once it is ready: a service's readiness probe unless it has none. */
    private readonly readyPath = '/health/ready',
  ) {
    mkdirSync(logDir, { recursive: true });
    this.log = createWriteStream(join(logDir, `${name}.log`), { flags: 'a' });
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /**
   * What a load balancer sends to: ready, and not told to stop (Kubernetes takes a terminating
   * pod out of its endpoints at once; here a killed one leaves at once too).
   */
  get inRotation(): boolean {
    return this.running && this.serving;
  }

  get pid(): number | undefined {
    return this.running ? this.child?.pid : undefined;
  }

  /** Starts the process and waits until it says it is ready. */
  async start(readyWithinMs = 120_000): Promise<void> {
    const child = spawn(
      process.execPath,
      ['-r', join(ROOT, 'infra/local/register.js'), join(ROOT, `apps/${this.app}/src/main.ts`)],
      { env: this.env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout.pipe(this.log, { end: false });
    child.stderr.pipe(this.log, { end: false });
    this.child = child;
    this.exited = undefined;
    const exit = (this.exit = new Promise((resolve) =>
      child.once('exit', (code, signal) => resolve((this.exited = { code, signal, at: Date.now() }))),
    ));
    await Promise.race([
      waitForHttp(`${this.url}${this.readyPath}`, readyWithinMs),
      exit.then((exited) => {
        throw new Error(`${this.name} exited while starting (${exited.code ?? exited.signal})`);
      }),
    ]);
    this.serving = true;
  }

  /** How the last run ended, in words; for a crash report. */
  get lastExit(): string {
    if (!this.exited) return 'running';
    return `exit code ${this.exited.code ?? '-'}, signal ${this.exited.signal ?? '-'}`;
  }

  /** Sends the signal and resolves when the process has exited; refuses one that is not running. */
  async stop(signal: 'SIGTERM' | 'SIGKILL'): Promise<ProcessExit> {
    if (!this.running || !this.exit) throw new Error(`${this.name} is not running (${this.lastExit})`);
    this.serving = false;
    this.child!.kill(signal);
    return this.exit;
  }

  close(): void {
    this.log.end();
  }
}
