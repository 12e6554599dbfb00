import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CACHE_DIR } from '@booking/local-infra';
import { testRun } from '@booking/testing';
import { ProofStack } from './proof/proof-stack';
import { prepareWorld, type ProofWorld } from './proof/scenario';
import { SCENARIOS } from './proof/scenarios';

// The short form of `npm run proof`: the same scenarios, for seconds each instead of minutes.
describe('the platform as processes, two of each, while things break', () => {
  let stack: ProofStack;
  let world: ProofWorld;
  let logDir: string;

  beforeAll(async () => {
    // Every process's log is kept, to read after a failure.
    logDir = join(CACHE_DIR, 'logs', `proof-e2e-${testRun().runId}`);
    stack = await ProofStack.start({ instances: 2, logDir });
    world = await prepareWorld(stack);
  }, 300_000);

  afterAll(async () => {
    await world?.events.stop();
    await stack?.stop();
  }, 60_000);

  for (const scenario of SCENARIOS) {
    it(`keeps every promise: ${scenario.name}`, async () => {
      const size = scenario.sizes.short;
      const result = await scenario.run(world, size);
      // Its row of the table (paces, capacities, p99s), to read beside the logs when a check fails.
      await appendFile(join(logDir, 'scenarios.ndjson'), `${JSON.stringify(result)}\n`);
      expect(result.violations).toEqual([]);
      // Faults seen to happen, each read from the broken part itself (a new pid, start time or run id).
      expect(result.faults).toBe(size.faults);
      // Traffic flowed throughout: operations (holds, payments, cancels) at least half the journeys due.
      expect(result.operations).toBeGreaterThan((size.loadMs / 1000) * result.journeysPerSecond * 0.5);
      expect(result.reads).toBeGreaterThanOrEqual((size.loadMs / 1000) * result.readsPerSecond * 0.9);
    }, 600_000);
  }
});
