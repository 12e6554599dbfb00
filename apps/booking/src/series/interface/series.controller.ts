import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  cancelBookingSchema,
  DomainError,
  seriesOccurrencesQuery,
  rescheduleBookingSchema,
  type Caller,
  type OccurrenceView,
  type Page,
} from '@booking/contracts';
import { CurrentCaller, validate } from '@booking/nest-kit';
import { resolveInstant } from '@booking/time';
import { RescheduleBooking } from '../../bookings/application/reschedule-booking.usecase';
import { PaymentLinks } from '../../bookings/application/payment-links';
import { toBookingView } from '../../bookings/interface/booking-view';
import { CancelSeries } from '../application/cancel-series.usecase';
import { SeriesOccurrences } from '../application/series-occurrences.usecase';
import { occurrenceView, toSeriesView } from './series-view';

/** An RFC 3339 instant (with Z or an offset), or a 400 naming the field. */
function instantOf(field: string, value: string): Date {
  const resolved = resolveInstant(value);
  if (!resolved.ok)
    throw new DomainError('validation_failed', `${field} must be an RFC 3339 instant with Z or an offset.`, {
      errors: [{ path: `/${field}`, message: 'not an RFC 3339 instant' }],
    });
  return resolved.instant;
}

@Controller('series/:seriesId')
export class SeriesController {
  constructor(
    private readonly occurrences: SeriesOccurrences,
    private readonly cancelling: CancelSeries,
    private readonly rescheduler: RescheduleBooking,
    private readonly links: PaymentLinks,
  ) {}

  @Get()
  async get(@CurrentCaller() caller: Caller, @Param('seriesId') seriesId: string) {
    return toSeriesView(await this.occurrences.visible(caller, seriesId));
  }

  @Get('occurrences')
  async list(
    @CurrentCaller() caller: Caller,
    @Param('seriesId') seriesId: string,
    @Query() query: unknown,
  ): Promise<Page<OccurrenceView>> {
    // An unknown series is 404 whatever the query says.
    const series = await this.occurrences.visible(caller, seriesId);
    const window = validate(seriesOccurrencesQuery, query);
    const page = await this.occurrences.list(series, {
      ...(window.from === undefined ? {} : { from: instantOf('from', window.from) }),
      ...(window.to === undefined ? {} : { to: instantOf('to', window.to) }),
      ...(window.cursor === undefined ? {} : { cursor: window.cursor }),
      limit: window.limit,
    });
    return {
      data: page.data.map((occurrence) => occurrenceView(occurrence, series.timeZone)),
      nextCursor: page.nextCursor,
    };
  }

  @Post('cancel')
  @HttpCode(200)
  async cancel(@CurrentCaller() caller: Caller, @Param('seriesId') seriesId: string) {
    const { series, cancelled } = await this.cancelling.cancelFromNow(caller, seriesId);
    return { ...toSeriesView(series), cancelledOccurrences: cancelled };
  }

  @Post('occurrences/:recurrenceId/cancel')
  @HttpCode(200)
  async cancelOccurrence(
    @CurrentCaller() caller: Caller,
    @Param('seriesId') seriesId: string,
    @Param('recurrenceId') recurrenceId: string,
    @Body() body: unknown,
  ) {
    const { reason } = validate(cancelBookingSchema, body);
    const outcome = await this.cancelling.cancelOccurrence(
      caller,
      seriesId,
      instantOf('recurrenceId', recurrenceId),
      reason,
    );
    return 'booking' in outcome
      ? { ...toBookingView(outcome.booking, this.links.forBooking), ...outcome.refund }
      : outcome;
  }

  @Post('occurrences/:recurrenceId/reschedule')
  @HttpCode(200)
  async rescheduleOccurrence(
    @CurrentCaller() caller: Caller,
    @Param('seriesId') seriesId: string,
    @Param('recurrenceId') recurrenceId: string,
    @Body() body: unknown,
  ) {
    const request = validate(rescheduleBookingSchema, body);
    const booking = await this.cancelling.bookingOf(
      caller,
      seriesId,
      instantOf('recurrenceId', recurrenceId),
    );
    return toBookingView(
      await this.rescheduler.execute(caller, booking.bookingId, request),
      this.links.forBooking,
    );
  }
}
