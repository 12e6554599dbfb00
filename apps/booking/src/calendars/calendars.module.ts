import { Module } from '@nestjs/common';
import { BookingsModule } from '../bookings/bookings.module';
import { ResourcesModule } from '../resources/resources.module';
import { CalendarFeeds } from './application/calendar-feeds';
import { CalendarFeedRepository } from './infrastructure/calendar-feed.repository';
import { CalendarFeedsController } from './interface/calendar-feeds.controller';

@Module({
  imports: [BookingsModule, ResourcesModule],
  controllers: [CalendarFeedsController],
  providers: [CalendarFeedRepository, CalendarFeeds],
})
export class CalendarsModule {}
