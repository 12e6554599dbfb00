import { Module } from '@nestjs/common';
import { BookingsModule } from '../bookings/bookings.module';
import { ResourcesModule } from '../resources/resources.module';
import { SeriesModule } from '../series/series.module';
import { CalendarFeeds } from './application/calendar-feeds';
import { PgCalendarFeedRepository } from './infrastructure/calendar-feed.repository';
import { CalendarFeedRepository } from './application/ports/calendar-feed.repository';
import { CalendarFeedsController } from './interface/calendar-feeds.controller';

@Module({
  imports: [BookingsModule, ResourcesModule, SeriesModule],
  controllers: [CalendarFeedsController],
  providers: [{ provide: CalendarFeedRepository, useClass: PgCalendarFeedRepository }, CalendarFeeds],
})
export class CalendarsModule {}
