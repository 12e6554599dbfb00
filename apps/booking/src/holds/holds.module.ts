import { Module } from '@nestjs/common';
import { BookingsModule } from '../bookings/bookings.module';
import { SeriesModule } from '../series/series.module';
import { CreateHold } from './application/create-hold.usecase';
import { HoldMetrics } from './application/hold-metrics';
import { HoldsController } from './interface/holds.controller';

/** Where a request to book becomes a hold or, with a rule, a series. */
@Module({
  imports: [BookingsModule, SeriesModule],
  controllers: [HoldsController],
  providers: [CreateHold, HoldMetrics],
})
export class HoldsModule {}
