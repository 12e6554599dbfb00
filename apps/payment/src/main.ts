import 'reflect-metadata';
import { parseConfig } from '@booking/config';
import { runService } from '@booking/nest-kit';
import { createPaymentApp } from './payment-app';
import { paymentConfigSchema } from './payment-config';

runService('payment', async () => {
  const config = parseConfig(paymentConfigSchema, process.env);
  return { ...(await createPaymentApp(config)), port: config.PAYMENT_PORT };
});
