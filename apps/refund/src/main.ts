import 'reflect-metadata';
import { parseConfig } from '@booking/config';
import { runService } from '@booking/nest-kit';
import { createRefundApp } from './refund-app';
import { refundConfigSchema } from './refund-config';

runService('refund', async () => {
  const config = parseConfig(refundConfigSchema, process.env);
  return { ...(await createRefundApp(config)), port: config.REFUND_PORT };
});
