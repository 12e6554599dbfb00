// What the end-to-end suite starts in-process; other apps never import this.
export { createBookingApp } from './booking-app';
export { bookingConfigSchema, type BookingConfig } from './booking-config';
export { activeStatus } from './bookings/infrastructure/status-sql';
export { ExpireHoldsJob, MarkNoShowsJob } from './bookings/application/due-transition.job';
