import { processCycled, witnessed } from './fault-witness';

describe('fault witnesses', () => {
  const exit = (code: number | null, signal: NodeJS.Signals | null) => ({ code, signal, at: 0 });

  it.each([
    ['killed and running again under a new pid', exit(null, 'SIGKILL'), 'SIGKILL', 10, 11, true],
    ['killed, but the same pid: nothing new runs', exit(null, 'SIGKILL'), 'SIGKILL', 10, 10, false],
    ['exited by itself before the kill', exit(1, null), 'SIGKILL', 10, 11, false],
    ['not running again', exit(null, 'SIGKILL'), 'SIGKILL', 10, undefined, false],
    ['a SIGTERM ending cleanly with code 0', exit(0, null), 'SIGTERM', 10, 11, true],
    ['a SIGTERM ending by the signal itself', exit(null, 'SIGTERM'), 'SIGTERM', 10, 11, true],
    ['a SIGTERM ending in a forced exit', exit(1, null), 'SIGTERM', 10, 11, false],
  ] as const)('processCycled: %s', (_name, ended, signal, before, after, seen) => {
    expect(processCycled(ended, signal, before, after)).toBe(seen);
  });

  it('sees a fault only when the witness reads differently after it', async () => {
    let runId = 'a';
    const restarted = await witnessed(
      () => Promise.resolve(runId),
      async () => {
        runId = 'b';
        return 42;
      },
    );
    expect(restarted).toEqual({ seen: true, measured: 42 });
    const untouched = await witnessed(
      () => Promise.resolve(runId),
      () => Promise.resolve(0),
    );
    expect(untouched.seen).toBe(false);
  });
});
