import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { initServiceApp, createFastifyAdapter, JsonLogger } from '@booking/nest-kit';
import type { GatewayConfig } from './gateway-config';
import { GatewayModule } from './gateway.module';
import { buildOpenApiDocument } from './openapi/openapi-document';

/** The gateway, configured and initialised but not yet listening (tests pick their own port). */
export async function createGatewayApp(config: GatewayConfig, logger = new JsonLogger('api-gateway', config.LOG_LEVEL)) {
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule.forRoot(config), createFastifyAdapter(), {
    logger,
    abortOnError: false,
  });
  SwaggerModule.setup('docs', app, buildOpenApiDocument() as unknown as OpenAPIObject, {
    jsonDocumentUrl: 'docs/openapi.json',
  });
  await initServiceApp(app, logger);
  return { app, logger };
}
