import './register-paths';
import { randomBytes } from 'node:crypto';
import { ensureChromium } from './chromium';
import { ensureInfra, infraAddresses } from './infra';
import type { Started } from './started';

declare global {
  var __bookingInfraStarted: Started[] | undefined;
}

/**
 * Once per `npm test`: PostgreSQL, Redis and Kafka answer (started or reused), Chromium is there
 * for the web app's tests, and the run gets
 * an id that prefixes its databases, Redis keys and topics, so runs never see each other's data.
 */
export default async function globalSetup(): Promise<void> {
  const runId = `t${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const addresses = infraAddresses(process.env);
  globalThis.__bookingInfraStarted = await ensureInfra(addresses);
  process.env['TEST_RUN_ID'] = runId;
  process.env['DATABASE_URL'] = addresses.databaseUrl;
  process.env['REDIS_URL'] = addresses.redisUrl;
  process.env['KAFKA_BROKERS'] = addresses.kafkaBrokers.join(',');
  process.env['CHROMIUM_PATH'] = ensureChromium();
}
