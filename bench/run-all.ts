/** `npm run bench`: every benchmark in turn, each printing its own table. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const BENCHMARKS = ['time.bench.ts', 'startup.bench.ts', 'outbox.bench.ts', 'booking.bench.ts'];

for (const file of BENCHMARKS) {
  const result = spawnSync(
    process.execPath,
    ['-r', join(__dirname, '../infra/local/register.js'), join(__dirname, file)],
    {
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
