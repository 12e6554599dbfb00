import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/customers.module';
import { ResourcesModule } from '../resources/resources.module';
import { AvailabilityController } from '../availability/availability.controller';
import { SearchAvailability } from '../availability/search-availability.usecase';
import { ListSlots } from '../availability/list-slots.usecase';
import { SlotsController } from '../availability/slots.controller';
import { ApplyPayment } from './application/apply-payment.usecase';
import { ApplyRefundOutcome } from './application/apply-refund-outcome.usecase';
import { ChangeBooking } from './application/change-booking.usecase';
import { CreateHold } from './application/create-hold.usecase';
import { HoldMetrics } from './application/hold-metrics';
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
import { CancelSeries } from '../series/application/cancel-series.usecase';
import { CreateSeries } from '../series/application/create-series.usecase';
import { MaterializeSeriesJob } from '../series/application/materialize-series.job';
import { SeriesOccurrences } from '../series/application/series-occurrences.usecase';
import { SeriesRepository } from '../series/infrastructure/series.repository';
import { SeriesController } from '../series/interface/series.controller';

@Module({
  imports: [ResourcesModule, CustomersModule],
  controllers: [
    BookingsController,
    AvailabilityController,
    SlotsController,
    SeriesController,
    BookingEventConsumer,
  ],
  providers: [
    BookingRepository,
    IdempotencyStore,
    HoldRateLimiter,
    AvailabilityCache,
    PaymentLinks,
    ReadCheckoutTerms,
    HoldTransaction,
    CreateHold,
    HoldMetrics,
    ChangeBooking,
    RescheduleBooking,
    ListBookings,
    SearchAvailability,
    ListSlots,
    ApplyPayment,
    ApplyRefundOutcome,
    ExpireHoldsJob,
    MarkNoShowsJob,
    PruneIdempotencyKeysJob,
    SeriesRepository,
    CreateSeries,
    SeriesOccurrences,
    CancelSeries,
    MaterializeSeriesJob,
  ],
  exports: [BookingRepository],
})
export class BookingsModule {}
