import { ensureInfra, infraAddresses } from './infra';

/** `npm run infra:up`: PostgreSQL, Redis and Kafka answer afterwards, started here if need be. */
async function main(): Promise<void> {
  const started = await ensureInfra(infraAddresses(process.env));
  for (const item of started) {
    process.stdout.write(
      `${item.name.padEnd(8)} ${item.started ? 'started ' : 'reused  '} ${item.address}\n`,
    );
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
