import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { DomainError, FEED_TOKEN_PATTERN, type Caller } from '@booking/contracts';
import { withTransaction } from '@booking/db';
import { feedIcs, type SeriesCalendarEntry } from '@booking/ics';
import { CLOCK, PG_POOL, SERVICE_CONFIG } from '@booking/nest-kit';
import type { Clock } from '@booking/time';
import type { BookingConfig } from '../../booking-config';
import { BookingRepository } from '../../bookings/application/ports/booking.repository';
import { ResourceRepository } from '../../resources/application/ports/resource.repository';
import {
  assertMayManageFeed,
  FEED_MAX_EVENTS,
  FEED_STATUSES,
  feedEntryOf,
  feedSince,
  seriesEntryOf,
  type FeedOwner,
} from '../domain/calendar-feed';
import { SeriesRepository } from '../../series/application/ports/series.repository';
import { CalendarFeedRepository } from './ports/calendar-feed.repository';

export interface IssuedFeed {
  url: string;
  createdAt: Date;
}

const DAY_MS = 86_400_000;
type FeedRow = Awaited<ReturnType<BookingRepository['forCalendar']>>[number];
const hashOf = (token: string) => createHash('sha256').update(token).digest();
const noFeed = () => new DomainError('not_found', 'No such calendar feed (it may have been revoked).');

/**
 * Calendar subscription feeds: a secret URL per resource or customer, because calendar apps
 * cannot send a bearer token. Making a new one revokes the old; the ICS is built on each fetch.
 */
@Injectable()
export class CalendarFeeds {
  constructor(
    private readonly feeds: CalendarFeedRepository,
    private readonly bookings: BookingRepository,
    private readonly resources: ResourceRepository,
    private readonly series: SeriesRepository,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly config: BookingConfig,
  ) {}

  async issue(caller: Caller, owner: FeedOwner): Promise<IssuedFeed> {
    await this.assertMayManage(caller, owner);
    const token = randomBytes(32).toString('base64url');
    const createdAt = this.clock.now();
    await withTransaction(this.pool, (tx) =>
      this.feeds.replace(tx, owner, hashOf(token), caller.userId, createdAt),
    );
    return { url: this.config.CALENDAR_FEED_URL.replace('{feedToken}', token), createdAt };
  }

  async revoke(caller: Caller, owner: FeedOwner): Promise<void> {
    await this.assertMayManage(caller, owner);
    if (!(await this.feeds.revoke(this.pool, owner, this.clock.now()))) throw noFeed();
  }

  /** The feed's iCalendar text; an unknown or revoked token is 404, as if it never existed. */
  async render(token: string): Promise<string> {
    if (!FEED_TOKEN_PATTERN.test(token)) throw noFeed();
    const owner = await this.feeds.ownerOf(this.pool, hashOf(token));
    if (!owner) throw noFeed();
    const now = this.clock.now();
    const rows = await this.bookings.forCalendar({
      ...(owner.kind === 'resource' ? { resourceId: owner.resourceId } : { customerId: owner.customerId }),
      statuses: FEED_STATUSES,
      since: feedSince(now),
      limit: FEED_MAX_EVENTS,
    });
    const resource = owner.kind === 'resource' ? await this.resources.findById(owner.resourceId) : null;
    return feedIcs({
      name: owner.kind === 'resource' ? (resource?.name ?? 'Bookings') : 'My bookings',
      timeZone: resource?.timeZone,
      bookings: rows
        .filter((row) => row.booking.seriesId === null)
        .map((row) => feedEntryOf(row.booking, row.resourceName)),
      series: await this.seriesEntries(rows, now),
    });
  }

  /** The series the rows' occurrences belong to, each as one recurring event. */
  private async seriesEntries(rows: FeedRow[], now: Date): Promise<SeriesCalendarEntry[]> {
    const bySeries = new Map<string, FeedRow[]>();
    for (const row of rows) {
      if (row.booking.seriesId === null) continue;
      const held = bySeries.get(row.booking.seriesId) ?? [];
      held.push(row);
      bySeries.set(row.booking.seriesId, held);
    }
    // What a feed shows and a booking may be made in: where the rule's readings are checked.
    const window = {
      from: feedSince(now),
      to: new Date(now.getTime() + this.config.BOOKING_HORIZON_DAYS * DAY_MS),
    };
    return (await this.series.findByIds([...bySeries.keys()])).map((series) => {
      const held = bySeries.get(series.seriesId)!;
      return seriesEntryOf(
        series,
        held.map((row) => row.booking),
        held[0]!.resourceName,
        window,
      );
    });
  }

  private async assertMayManage(caller: Caller, owner: FeedOwner): Promise<void> {
    if (owner.kind === 'customer') return assertMayManageFeed(caller, owner);
    const resource = await this.resources.findById(owner.resourceId);
    if (!resource) throw new DomainError('not_found', `No resource ${owner.resourceId}.`);
    assertMayManageFeed(caller, owner, resource.ownerId);
  }
}
