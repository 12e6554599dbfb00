import { Inject, Injectable } from '@nestjs/common';
import { DomainError, type SlotsQuery } from '@booking/contracts';
import { CLOCK } from '@booking/nest-kit';
import { daysWindow, formatLocal, formatUtc, resourceSlots, type Clock } from '@booking/time';
import { BookingRepository } from '../../bookings/application/ports/booking.repository';
import { ResourceRepository } from '../../resources/application/ports/resource.repository';

/** A window's slots cost CPU in proportion to its length: 31 days of 5-minute slots are ~9,000. */
export const MAX_SLOT_DAYS = 31;
const DAY_MS = 86_400_000;

export interface SlotView {
  start: string;
  end: string;
  startLocal: string;
  endLocal: string;
}

/**
 * A resource's bookable slots for the viewer's days: one range query for the blocked ranges that
 * can touch the window, then the pure merge in `libs/time`.
 */
@Injectable()
export class ListSlots {
  constructor(
    private readonly resources: ResourceRepository,
    private readonly bookings: BookingRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(resourceId: string, query: SlotsQuery): Promise<{ data: SlotView[] }> {
    if (query.to < query.from) throw new DomainError('end_before_start', 'to must not be before from.');
    const days = (Date.parse(query.to) - Date.parse(query.from)) / DAY_MS + 1;
    if (days > MAX_SLOT_DAYS)
      throw new DomainError(
        'validation_failed',
        `Slots may be listed for at most ${MAX_SLOT_DAYS} days at a time.`,
        {
          errors: [{ path: '/to', message: `at most ${MAX_SLOT_DAYS} days after from` }],
        },
      );
    const resource = await this.resources.findById(resourceId);
    if (!resource) throw new DomainError('not_found', `No resource ${resourceId}.`);
    const viewerTimeZone = query.timeZone ?? resource.timeZone;
    const window = daysWindow(query.from, query.to, viewerTimeZone);
    // A slot starting in the window may end (with its buffer) a duration plus a buffer later.
    const reach =
      (query.durationMinutes + resource.bufferBeforeMinutes + resource.bufferAfterMinutes) * 60_000;
    const busy = await this.bookings.blockedRanges(resourceId, {
      start: new Date(window.start.getTime() - reach),
      end: new Date(window.end.getTime() + reach),
    });
    const slots = resourceSlots({
      resource,
      fromDate: query.from,
      toDate: query.to,
      viewerTimeZone,
      durationMinutes: query.durationMinutes,
      busy,
      now: this.clock.now(),
    });
    return {
      data: slots.map(({ start, end }) => ({
        start: formatUtc(start),
        end: formatUtc(end),
        startLocal: formatLocal(start, viewerTimeZone),
        endLocal: formatLocal(end, viewerTimeZone),
      })),
    };
  }
}
