import { SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { createServiceApp, JsonLogger } from '@booking/nest-kit';
import { authenticateBeforeBody } from './auth/authenticate-before-body';
import { allowOrigins } from './cors';
import { JwtVerifier } from './auth/jwt-verifier';
import type { GatewayConfig } from './gateway-config';
import { GatewayModule } from './gateway.module';
import { buildOpenApiDocument } from './openapi/openapi-document';

/** The gateway, configured and initialised but not yet listening (tests pick their own port). */
export async function createGatewayApp(
  config: GatewayConfig,
  logger = new JsonLogger('api-gateway', config.LOG_LEVEL),
) {
  const app = await createServiceApp(
    GatewayModule.forRoot(config),
    logger,
    (created) => {
      allowOrigins(created, config.CORS_ORIGINS);
      authenticateBeforeBody(created.getHttpAdapter().getInstance(), created.get(JwtVerifier));
      SwaggerModule.setup('docs', created, buildOpenApiDocument() as unknown as OpenAPIObject, {
        jsonDocumentUrl: 'docs/openapi.json',
      });
    },
    { trustProxy: config.TRUST_PROXY },
  );
  return { app, logger };
}
