import { Controller, Delete, Get, Header, HttpCode, Param, Post } from '@nestjs/common';
import type { Caller, CalendarFeedView } from '@booking/contracts';
import { CurrentCaller } from '@booking/nest-kit';
import { formatUtc } from '@booking/time';
import { CalendarFeeds, type IssuedFeed } from '../application/calendar-feeds';

const toView = (feed: IssuedFeed): CalendarFeedView => ({
  url: feed.url,
  createdAt: formatUtc(feed.createdAt),
});

/** Feeds of a resource's and of a customer's bookings, and the feed itself (its token is the key). */
@Controller()
export class CalendarFeedsController {
  constructor(private readonly feeds: CalendarFeeds) {}

  @Post('resources/:resourceId/calendar-feed')
  @HttpCode(201)
  async issueForResource(@CurrentCaller() caller: Caller, @Param('resourceId') resourceId: string) {
    return toView(await this.feeds.issue(caller, { kind: 'resource', resourceId }));
  }

  @Delete('resources/:resourceId/calendar-feed')
  @HttpCode(204)
  async revokeForResource(@CurrentCaller() caller: Caller, @Param('resourceId') resourceId: string) {
    await this.feeds.revoke(caller, { kind: 'resource', resourceId });
  }

  @Post('customers/:customerId/calendar-feed')
  @HttpCode(201)
  async issueForCustomer(@CurrentCaller() caller: Caller, @Param('customerId') customerId: string) {
    return toView(await this.feeds.issue(caller, { kind: 'customer', customerId }));
  }

  @Delete('customers/:customerId/calendar-feed')
  @HttpCode(204)
  async revokeForCustomer(@CurrentCaller() caller: Caller, @Param('customerId') customerId: string) {
    await this.feeds.revoke(caller, { kind: 'customer', customerId });
  }

  @Get('calendars/:feedToken')
  @Header('content-type', 'text/calendar; charset=utf-8')
  render(@Param('feedToken') feedToken: string): Promise<string> {
    return this.feeds.render(feedToken);
  }
}
