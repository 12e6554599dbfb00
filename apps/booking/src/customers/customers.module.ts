import { Module } from '@nestjs/common';
import { CustomerStanding } from './application/customer-standing';
import { StandingRepository } from './infrastructure/standing.repository';
import { StandingController } from './interface/standing.controller';

@Module({
  controllers: [StandingController],
  providers: [StandingRepository, CustomerStanding],
  exports: [CustomerStanding],
})
export class CustomersModule {}
