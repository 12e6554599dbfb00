import { BOOKING_STATUS_VALUES, DomainError } from '@booking/contracts';

/** The contract's statuses are the domain's. */
export const BOOKING_STATUSES = BOOKING_STATUS_VALUES;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** These hold the schedule; the exclusion constraint covers exactly them. */
export const ACTIVE_STATUSES: readonly BookingStatus[] = ['HOLD', 'CONFIRMED', 'IN_PROGRESS'];

/** A move keeps the status; only these may move. */
export const RESCHEDULABLE_STATUSES: readonly BookingStatus[] = ['HOLD', 'CONFIRMED'];

export type BookingAction = 'confirm' | 'expire' | 'cancel' | 'check_in' | 'complete' | 'no_show';

const TRANSITIONS: Record<BookingAction, { from: readonly BookingStatus[]; to: BookingStatus }> = {
  confirm: { from: ['HOLD'], to: 'CONFIRMED' },
  expire: { from: ['HOLD'], to: 'EXPIRED' },
  cancel: { from: ['HOLD', 'CONFIRMED'], to: 'CANCELLED' },
  check_in: { from: ['CONFIRMED'], to: 'IN_PROGRESS' },
  complete: { from: ['IN_PROGRESS'], to: 'COMPLETED' },
  no_show: { from: ['CONFIRMED'], to: 'NO_SHOW' },
};

/** The statuses an action may start from: the `WHERE status = ANY(…)` of its conditional update. */
export function allowedFrom(action: BookingAction): readonly BookingStatus[] {
  return TRANSITIONS[action].from;
}

export function targetOf(action: BookingAction): BookingStatus {
  return TRANSITIONS[action].to;
}

/** Whether the action's target status gives the booking's period back to the schedule. */
export function releasesPeriod(action: BookingAction): boolean {
  return !ACTIVE_STATUSES.includes(targetOf(action));
}

export function canTransition(status: BookingStatus, action: BookingAction): boolean {
  return TRANSITIONS[action].from.includes(status);
}

/** An unknown booking, or one the caller may not see: the same answer for both. */
export function bookingNotFound(bookingId: string): DomainError {
  return new DomainError('not_found', `No booking ${bookingId}.`);
}

export function invalidTransition(status: BookingStatus, action: BookingAction | 'reschedule'): DomainError {
  return new DomainError('invalid_transition', `A ${status} booking cannot ${action.replace('_', '-')}.`, {
    currentStatus: status,
    action,
  });
}

/** The exclusion constraint said no: part of the period is taken. */
export const SLOT_UNAVAILABLE = 'slot_unavailable';

export function slotUnavailable(resourceId: string, extensions: Record<string, unknown> = {}): DomainError {
  return new DomainError(SLOT_UNAVAILABLE, 'The resource is already booked for part of that period.', {
    resourceId,
    ...extensions,
  });
}
