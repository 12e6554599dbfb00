import { randomBytes } from 'node:crypto';

/** What the jest global setup decided for this run: where the infrastructure is, and the run id. */
export function testRun(): { runId: string; databaseUrl: string; redisUrl: string; kafkaBrokers: string[] } {
  const runId = process.env['TEST_RUN_ID'];
  if (!runId) throw new Error('TEST_RUN_ID is not set: run integration tests through `npm test`');
  return {
    runId,
    databaseUrl: process.env['DATABASE_URL']!,
    redisUrl: process.env['REDIS_URL']!,
    kafkaBrokers: process.env['KAFKA_BROKERS']!.split(','),
  };
}

/** `${runId}_${label}_${random}`: lower case, safe as a database name, a key prefix or a topic prefix. */
export function uniqueName(label: string): string {
  const safeLabel = label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .slice(0, 24);
  return `${testRun().runId}_${safeLabel}_${randomBytes(3).toString('hex')}`;
}
