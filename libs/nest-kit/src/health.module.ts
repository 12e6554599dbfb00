import { Global, Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { Readiness } from './readiness';

/** `/health/live` and `/health/ready`; modules register what readiness depends on. */
@Global()
@Module({ controllers: [HealthController], providers: [Readiness], exports: [Readiness] })
export class HealthModule {}
