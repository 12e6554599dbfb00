import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/customers.module';
import { ResourcesModule } from '../resources/resources.module';
import { ApplyPayment } from './application/apply-payment.usecase';
import { ApplyRefundOutcome } from './application/apply-refund-outcome.usecase';
import { ChangeBooking } from './application/change-booking.usecase';
import { HoldTransaction } from './application/hold-transaction';
import { ExpireHoldsJob, MarkNoShowsJob } from './application/due-transition.job';
import { ListBookings } from './application/list-bookings.usecase';
import { PaymentLinks } from './application/payment-links';
import { ReadCheckoutTerms } from './application/checkout-terms.usecase';
import { RescheduleBooking } from './application/reschedule-booking.usecase';
import { PruneIdempotencyKeysJob } from './application/prune-idempotency-keys.job';
import { AvailabilityCache } from './infrastructure/availability-cache';
import { BookingRepository } from './infrastructure/booking.repository';
import { HoldRateLimiter } from './infrastructure/hold-rate-limiter';
import { IdempotencyStore } from './infrastructure/idempotency-store';
import { BookingEventConsumer } from './interface/booking-event.consumer';
import { BookingsController } from './interface/bookings.controller';

@Module({
  imports: [ResourcesModule, CustomersModule],
  controllers: [BookingsController, BookingEventConsumer],
  providers: [
    BookingRepository,
    IdempotencyStore,
    HoldRateLimiter,
    AvailabilityCache,
    PaymentLinks,
    ReadCheckoutTerms,
    HoldTransaction,
    ChangeBooking,
    RescheduleBooking,
    ListBookings,
    ApplyPayment,
    ApplyRefundOutcome,
    ExpireHoldsJob,
    MarkNoShowsJob,
    PruneIdempotencyKeysJob,
  ],
  // What the contexts built on bookings (holds, series, availability, calendars) use of it.
  exports: [
    BookingRepository,
    AvailabilityCache,
    HoldTransaction,
    PaymentLinks,
    ChangeBooking,
    RescheduleBooking,
  ],
})
export class BookingsModule {}
