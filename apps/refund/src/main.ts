import 'reflect-metadata';
import { parseConfig } from '@booking/config';
import { runService } from '@booking/nest-kit';
import { standInProviderProblems } from '@booking/payment-provider';
import { createRefundApp } from './refund-app';
import { REFUND_SECRETS, refundConfigSchema } from './refund-config';

runService('refund', async () => {
  const config = parseConfig(refundConfigSchema, process.env, {
    secrets: REFUND_SECRETS,
    localOnly: standInProviderProblems,
  });
  return {
    ...(await createRefundApp(config)),
    port: config.REFUND_PORT,
    host: config.LISTEN_HOST,
    shutdown: config,
  };
});
