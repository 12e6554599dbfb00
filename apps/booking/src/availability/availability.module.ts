import { Module } from '@nestjs/common';
import { BookingsModule } from '../bookings/bookings.module';
import { ResourcesModule } from '../resources/resources.module';
import { ListSlots } from './application/list-slots.usecase';
import { SearchAvailability } from './application/search-availability.usecase';
import { AvailabilityController } from './interface/availability.controller';
import { SlotsController } from './interface/slots.controller';

@Module({
  imports: [BookingsModule, ResourcesModule],
  controllers: [AvailabilityController, SlotsController],
  providers: [SearchAvailability, ListSlots],
})
export class AvailabilityModule {}
