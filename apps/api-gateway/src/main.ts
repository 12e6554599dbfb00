import 'reflect-metadata';
import { parseConfig } from '@booking/config';
import { runService } from '@booking/nest-kit';
import { createGatewayApp } from './gateway-app';
import { GATEWAY_SECRETS, gatewayConfigSchema, localOnlyTokenSettings } from './gateway-config';

runService('api-gateway', async () => {
  const config = parseConfig(gatewayConfigSchema, process.env, {
    secrets: GATEWAY_SECRETS,
    localOnly: localOnlyTokenSettings,
  });
  return {
    ...(await createGatewayApp(config)),
    port: config.GATEWAY_PORT,
    host: config.LISTEN_HOST,
    shutdown: config,
  };
});
