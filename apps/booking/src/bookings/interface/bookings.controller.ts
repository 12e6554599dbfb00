import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  DomainError,
  cancelBookingSchema,
  rescheduleBookingSchema,
  listBookingsQuery,
  paymentLinkQuery,
  type BookingView,
  type CancellationQuoteView,
  type CheckoutCharge,
  type Caller,
  type Page,
} from '@booking/contracts';
import { CurrentCaller, Roles, validate } from '@booking/nest-kit';
import { ChangeBooking } from '../application/change-booking.usecase';
import { ReadCheckoutTerms } from '../application/checkout-terms.usecase';
import { ListBookings } from '../application/list-bookings.usecase';
import { PaymentLinks } from '../application/payment-links';
import { RescheduleBooking } from '../application/reschedule-booking.usecase';
import { CustomerStanding } from '../../customers/application/customer-standing';
import { BookingRepository } from '../application/ports/booking.repository';
import { toBookingView } from './booking-view';

@Controller('bookings')
export class BookingsController {
  constructor(
    private readonly change: ChangeBooking,
    private readonly list: ListBookings,
    private readonly bookings: BookingRepository,
    private readonly links: PaymentLinks,
    private readonly rescheduler: RescheduleBooking,
    private readonly standing: CustomerStanding,
    private readonly checkoutTerms: ReadCheckoutTerms,
  ) {}

  @Get()
  async find(@CurrentCaller() caller: Caller, @Query() query: unknown): Promise<Page<BookingView>> {
    const [page, warnings] = await Promise.all([
      this.list.execute(caller, validate(listBookingsQuery, query)),
      this.standing.warningsFor(caller),
    ]);
    return {
      data: page.data.map((booking) => toBookingView(booking, this.links.forBooking, warnings)),
      nextCursor: page.nextCursor,
    };
  }

  @Get(':bookingId')
  async get(@CurrentCaller() caller: Caller, @Param('bookingId') bookingId: string): Promise<BookingView> {
    const [booking, warnings] = await Promise.all([
      this.bookings.findVisible(bookingId, caller),
      this.standing.warningsFor(caller),
    ]);
    if (!booking) throw new DomainError('not_found', `No booking ${bookingId}.`);
    return toBookingView(booking, this.links.forBooking, warnings);
  }

  /** Asked by the gateway when a browser follows a hold's `paymentUrl`: there is no caller. */
  @Get(':bookingId/checkout-terms')
  checkout(@Param('bookingId') bookingId: string, @Query() query: unknown): Promise<CheckoutCharge> {
    return this.checkoutTerms.execute(bookingId, validate(paymentLinkQuery, query).signature);
  }

  @Get(':bookingId/cancellation')
  cancellation(
    @CurrentCaller() caller: Caller,
    @Param('bookingId') bookingId: string,
  ): Promise<CancellationQuoteView> {
    return this.change.cancellationQuote(caller, bookingId);
  }

  @Post(':bookingId/cancel')
  @HttpCode(200)
  async cancel(
    @CurrentCaller() caller: Caller,
    @Param('bookingId') bookingId: string,
    @Body() body: unknown,
  ) {
    const { reason } = validate(cancelBookingSchema, body);
    const { booking, refund } = await this.change.cancel(caller, bookingId, reason);
    // Read after the cancel, which may itself have counted as a no-show.
    const warnings = await this.standing.warningsFor(caller);
    return { ...toBookingView(booking, this.links.forBooking, warnings), ...refund };
  }

  @Post(':bookingId/reschedule')
  @HttpCode(200)
  async reschedule(
    @CurrentCaller() caller: Caller,
    @Param('bookingId') bookingId: string,
    @Body() body: unknown,
  ): Promise<BookingView> {
    const request = validate(rescheduleBookingSchema, body);
    const moved = await this.rescheduler.execute(caller, bookingId, request);
    return toBookingView(moved, this.links.forBooking, await this.standing.warningsFor(caller));
  }

  @Post(':bookingId/check-in')
  @Roles('host', 'admin')
  @HttpCode(200)
  async checkIn(
    @CurrentCaller() caller: Caller,
    @Param('bookingId') bookingId: string,
  ): Promise<BookingView> {
    return toBookingView(await this.change.hostAction(caller, bookingId, 'check_in'), this.links.forBooking);
  }

  @Post(':bookingId/complete')
  @Roles('host', 'admin')
  @HttpCode(200)
  async complete(
    @CurrentCaller() caller: Caller,
    @Param('bookingId') bookingId: string,
  ): Promise<BookingView> {
    return toBookingView(await this.change.hostAction(caller, bookingId, 'complete'), this.links.forBooking);
  }

  @Post(':bookingId/no-show')
  @Roles('host', 'admin')
  @HttpCode(200)
  async noShow(@CurrentCaller() caller: Caller, @Param('bookingId') bookingId: string): Promise<BookingView> {
    return toBookingView(await this.change.hostAction(caller, bookingId, 'no_show'), this.links.forBooking);
  }
}
