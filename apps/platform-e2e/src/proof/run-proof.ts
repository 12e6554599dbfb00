/**
 * `npm run proof`: the platform as processes (two instances of everything), under a recorded load
 * while each scenario breaks something, and a checker over what was answered and what is stored.
 * Prints one table; exits 1 if any promise was broken. PROOF_SIZE=short runs the CI forms.
 */
import { join } from 'node:path';
import { CACHE_DIR } from '@booking/local-infra';
import { ProofStack } from './proof-stack';
import { prepareWorld, type ScenarioResult } from './scenario';
import { SCENARIOS, type ProofSize } from './scenarios';
import { proofTable } from './proof-table';

async function main(): Promise<void> {
  const size: ProofSize = process.env['PROOF_SIZE'] === 'short' ? 'short' : 'full';
  // Names, or parts of them, separated by commas: the scenarios to run.
  const only = process.env['PROOF_ONLY']?.split(',').map((part) => part.trim());
  const logDir = join(CACHE_DIR, 'logs', `proof-${new Date().toISOString().replaceAll(':', '-')}`);
  process.stdout.write(`starting two instances of every service and of the gateway (logs: ${logDir}) …\n`);
  const stack = await ProofStack.start({ instances: 2, logDir });
  // Its processes are this one's children, not detached: stopped here, none is left behind.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void stack.stop().finally(() => process.exit(130)));
  const results: ScenarioResult[] = [];
  try {
    const world = await prepareWorld(stack);
    for (const scenario of SCENARIOS.filter(
      (candidate) => !only || only.some((part) => candidate.name.includes(part)),
    )) {
      process.stdout.write(`${scenario.name} …\n`);
      const result = await scenario.run(world, scenario.sizes[size]);
      results.push(result);
      for (const violation of result.violations.slice(0, 20)) process.stdout.write(`  ✗ ${violation}\n`);
    }
    await world.events.stop();
  } finally {
    await stack.stop();
  }
  process.stdout.write(proofTable(results, size));
  if (results.some((result) => result.violations.length > 0)) process.exit(1);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
