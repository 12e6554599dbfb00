import { Module } from '@nestjs/common';
import { BookingsModule } from '../bookings/bookings.module';
import { CustomersModule } from '../customers/customers.module';
import { ResourcesModule } from '../resources/resources.module';
import { CancelSeries } from './application/cancel-series.usecase';
import { CreateSeries } from './application/create-series.usecase';
import { MaterializeSeriesJob } from './application/materialize-series.job';
import { SeriesOccurrences } from './application/series-occurrences.usecase';
import { PgSeriesRepository } from './infrastructure/series.repository';
import { SeriesRepository } from './application/ports/series.repository';
import { SeriesController } from './interface/series.controller';

@Module({
  imports: [BookingsModule, ResourcesModule, CustomersModule],
  controllers: [SeriesController],
  providers: [
    { provide: SeriesRepository, useClass: PgSeriesRepository },
    CreateSeries,
    SeriesOccurrences,
    CancelSeries,
    MaterializeSeriesJob,
  ],
  exports: [CreateSeries, SeriesRepository],
})
export class SeriesModule {}
