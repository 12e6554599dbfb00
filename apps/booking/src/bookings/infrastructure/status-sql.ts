import { ACTIVE_STATUSES, RESCHEDULABLE_STATUSES, type BookingStatus } from '../domain/booking-status';

/**
 * `<column> IN ('A', 'B')` from the domain's list. Spelt out rather than bound as a parameter:
 * PostgreSQL uses a partial index only for a query whose predicate implies the index's, and
 * `= ANY($1)` implies nothing at planning time.
 */
export function statusIn(column: string, statuses: readonly BookingStatus[]): string {
  return `${column} IN (${statuses.map((status) => `'${status}'`).join(', ')})`;
}

/** Active bookings hold the schedule: the exclusion constraint and `booking_active_blocked` cover exactly these. */
export const activeStatus = (alias = 'b') => statusIn(`${alias}.status`, ACTIVE_STATUSES);

export const reschedulableStatus = (alias = 'b') => statusIn(`${alias}.status`, RESCHEDULABLE_STATUSES);
