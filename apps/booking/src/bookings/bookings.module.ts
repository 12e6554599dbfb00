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
import { RedisAvailabilityCache } from './infrastructure/availability-cache';
import { AvailabilityCache } from './application/ports/availability-cache';
import { PgBookingRepository } from './infrastructure/booking.repository';
import { BookingRepository } from './application/ports/booking.repository';
import { RedisHoldRateLimiter } from './infrastructure/hold-rate-limiter';
import { HoldRateLimiter } from './application/ports/hold-rate-limiter';
import { PgIdempotencyStore } from './infrastructure/idempotency-store';
import { IdempotencyStore } from './application/ports/idempotency-store';
import { BookingEventConsumer } from './interface/booking-event.consumer';
import { BookingsController } from './interface/bookings.controller';

@Module({
  imports: [ResourcesModule, CustomersModule],
  controllers: [BookingsController, BookingEventConsumer],
  providers: [
    { provide: BookingRepository, useClass: PgBookingRepository },
    { provide: IdempotencyStore, useClass: PgIdempotencyStore },
    { provide: HoldRateLimiter, useClass: RedisHoldRateLimiter },
    { provide: AvailabilityCache, useClass: RedisAvailabilityCache },
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
