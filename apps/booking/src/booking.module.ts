import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule, type PlatformSettings } from '@booking/nest-kit';
import type { BookingConfig } from './booking-config';
import { bookingMigrations } from './migrations';
import { AvailabilityModule } from './availability/availability.module';
import { BookingsModule } from './bookings/bookings.module';
import { CalendarsModule } from './calendars/calendars.module';
import { HoldsModule } from './holds/holds.module';
import { ResourcesModule } from './resources/resources.module';
import { SeriesModule } from './series/series.module';

@Module({})
export class BookingModule {
  static forRoot(
    config: BookingConfig,
    overrides: Pick<PlatformSettings, 'clock' | 'logger'> = {},
  ): DynamicModule {
    return {
      module: BookingModule,
      imports: [
        PlatformModule.forRoot({
          service: 'booking',
          config,
          migrations: bookingMigrations,
          redis: true,
          ...overrides,
        }),
        ResourcesModule,
        BookingsModule,
        HoldsModule,
        SeriesModule,
        AvailabilityModule,
        CalendarsModule,
      ],
    };
  }
}
