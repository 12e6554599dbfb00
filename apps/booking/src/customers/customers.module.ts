import { Module } from '@nestjs/common';
import { CustomerStanding } from './application/customer-standing';
import { PgStandingRepository } from './infrastructure/standing.repository';
import { StandingRepository } from './application/ports/standing.repository';
import { StandingController } from './interface/standing.controller';

@Module({
  controllers: [StandingController],
  providers: [{ provide: StandingRepository, useClass: PgStandingRepository }, CustomerStanding],
  exports: [CustomerStanding],
})
export class CustomersModule {}
