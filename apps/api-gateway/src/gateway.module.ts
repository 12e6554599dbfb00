import {
  Inject,
  Injectable,
  Module,
  type DynamicModule,
  type OnApplicationShutdown,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import Redis from 'ioredis';
import { HealthModule, MetricsModule, Readiness, redisOptions } from '@booking/nest-kit';
import { AuthGuard } from './auth/auth.guard';
import { JwtVerifier } from './auth/jwt-verifier';
import { BookingsController } from './bookings/bookings.controller';
import { CalendarsController } from './calendars/calendars.controller';
import { ResourceManagers } from './calendars/resource-managers';
import type { GatewayConfig } from './gateway-config';
import { OpenApiController } from './openapi/openapi.controller';
import { OpenCheckout } from './payments/open-checkout';
import { HoldAddressLimit } from './bookings/hold-address-limit';
import { PaymentsController } from './payments/payments.controller';
import { CustomersController } from './customers/customers.controller';
import { SeriesController } from './series/series.controller';
import { Upstream, type ServiceKey } from './proxy/upstream';
import { ResourcesController } from './resources/resources.controller';
import { GATEWAY_CONFIG, GATEWAY_REDIS } from './tokens';

const SERVICES: ServiceKey[] = ['booking', 'payment', 'refund', 'notification'];

@Injectable()
class GatewayLifecycle implements OnModuleInit, OnModuleDestroy, OnApplicationShutdown {
  constructor(
    private readonly readiness: Readiness,
    private readonly upstream: Upstream,
    @Inject(GATEWAY_REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  onModuleInit(): void {
    // The gateway is ready when it can serve: a slow service answers 503 on its own routes only.
    const reported = { gating: false };
    this.readiness.register('redis', () => this.redis.ping(), reported);
    for (const service of SERVICES)
      this.readiness.register(service, () => this.upstream.ready(service), reported);
  }

  onModuleDestroy(): Promise<void> {
    return this.readiness.drain(this.config.SHUTDOWN_DRAIN_MS);
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}

@Module({})
export class GatewayModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayModule,
      imports: [HealthModule, MetricsModule.forRoot('api-gateway')],
      controllers: [
        OpenApiController,
        ResourcesController,
        BookingsController,
        PaymentsController,
        SeriesController,
        CustomersController,
        CalendarsController,
      ],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        {
          provide: GATEWAY_REDIS,
          useFactory: () => new Redis(config.REDIS_URL, redisOptions(config)),
        },
        {
          provide: JwtVerifier,
          useFactory: () =>
            new JwtVerifier({
              secret: config.JWT_SECRET,
              issuer: config.JWT_ISSUER,
              audience: config.JWT_AUDIENCE,
              hs256: config.JWT_HS256 === 'on',
              maxLifetimeSeconds: config.JWT_MAX_LIFETIME_SECONDS,
              oidc: config.OIDC_ISSUER
                ? {
                    issuer: config.OIDC_ISSUER,
                    audience: config.OIDC_AUDIENCE!,
                    jwksUri: config.OIDC_JWKS_URI,
                    claims: { user: config.OIDC_USER_CLAIM, role: config.OIDC_ROLE_CLAIM },
                  }
                : undefined,
            }),
        },
        { provide: APP_GUARD, useClass: AuthGuard },
        Upstream,
        OpenCheckout,
        HoldAddressLimit,
        ResourceManagers,
        GatewayLifecycle,
      ],
    };
  }
}
