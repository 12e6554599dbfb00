import 'reflect-metadata';
import { parseConfig } from '@booking/config';
import { runService } from '@booking/nest-kit';
import { standInProviderProblems } from '@booking/payment-provider';
import { createPaymentApp } from './payment-app';
import { PAYMENT_SECRETS, paymentConfigSchema } from './payment-config';

runService('payment', async () => {
  const config = parseConfig(paymentConfigSchema, process.env, {
    secrets: PAYMENT_SECRETS,
    localOnly: standInProviderProblems,
  });
  return {
    ...(await createPaymentApp(config)),
    port: config.PAYMENT_PORT,
    host: config.LISTEN_HOST,
    shutdown: config,
  };
});
