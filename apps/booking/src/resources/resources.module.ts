import { Module } from '@nestjs/common';
import { ResourcesService } from './application/resources.service';
import { PgResourceRepository } from './infrastructure/resource.repository';
import { ResourceRepository } from './application/ports/resource.repository';
import { ResourcesController } from './interface/resources.controller';

@Module({
  controllers: [ResourcesController],
  providers: [{ provide: ResourceRepository, useClass: PgResourceRepository }, ResourcesService],
  exports: [ResourceRepository],
})
export class ResourcesModule {}
