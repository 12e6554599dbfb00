import 'reflect-metadata';
import { parseConfig } from '@booking/config';
import { listen } from '@booking/nest-kit';
import { createGatewayApp } from './gateway-app';
import { gatewayConfigSchema } from './gateway-config';

async function main(): Promise<void> {
  const config = parseConfig(gatewayConfigSchema, process.env);
  const { app, logger } = await createGatewayApp(config);
  await listen(app, config.GATEWAY_PORT, logger);
}

main().catch((error: unknown) => {
  process.stderr.write(`${JSON.stringify({ level: 'fatal', service: 'api-gateway', msg: String(error) })}\n`);
  process.exit(1);
});
