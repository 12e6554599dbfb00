import { stopPid } from './pid-files';

/** `npm run infra:down`: stops exactly what the project started (PID files), nothing else. */
async function main(): Promise<void> {
  for (const name of ['kafka', 'redis', 'postgres'] as const) {
    const stopped = await stopPid(name, 30_000);
    process.stdout.write(`${name.padEnd(8)} ${stopped ? 'stopped' : 'not started by this project'}\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
