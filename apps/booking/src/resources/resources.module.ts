import { Module } from '@nestjs/common';
import { ResourcesService } from './application/resources.service';
import { ResourceRepository } from './infrastructure/resource.repository';
import { ResourcesController } from './interface/resources.controller';

@Module({
  controllers: [ResourcesController],
  providers: [ResourceRepository, ResourcesService],
  exports: [ResourceRepository],
})
export class ResourcesModule {}
