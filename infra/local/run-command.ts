import { spawn } from 'node:child_process';

/** Runs a command to its end without blocking the event loop; rejects with its output on failure. */
export function runCommand(
  command: string,
  args: string[],
  options: { uid?: number; gid?: number; echo?: boolean } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      uid: options.uid,
      gid: options.gid,
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (options.echo) process.stderr.write(chunk);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${command} exited with ${code}:\n${output.slice(-4_000)}`)),
    );
  });
}
