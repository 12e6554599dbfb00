import { DomainError } from '@booking/contracts';
import { formatUtc } from '@booking/time';
import type { BookingAction } from './booking-status';

const MINUTE_MS = 60_000;

export interface HostActionWindow {
  /** How long before the start a check-in (pickup, arrival) is accepted. */
  checkInEarlyMinutes: number;
  /** The resource's policy: a no-show is only a no-show this long after the start. */
  noShowAfterMinutes: number;
}

/** When a host's action on a booking starting at `start` opens; null when it has no window. */
export function opensAt(action: BookingAction, start: Date, window: HostActionWindow): Date | null {
  switch (action) {
    case 'check_in':
      return new Date(start.getTime() - window.checkInEarlyMinutes * MINUTE_MS);
    case 'no_show':
      return new Date(start.getTime() + window.noShowAfterMinutes * MINUTE_MS);
    case 'confirm':
    case 'expire':
    case 'cancel':
    case 'complete':
      return null;
  }
}

/**
 * 409 `invalid_transition` for a check-in long before the start, or a no-show before the customer
 * could have been late: marked early, a no-show would strike the customer and free the slot.
 */
export function checkHostActionWindow(
  action: BookingAction,
  start: Date,
  now: Date,
  window: HostActionWindow,
): void {
  const opens = opensAt(action, start, window);
  if (opens && now.getTime() < opens.getTime())
    throw new DomainError(
      'invalid_transition',
      `This booking cannot ${action.replace('_', '-')} before ${formatUtc(opens)}.`,
      { action, allowedFrom: formatUtc(opens) },
    );
}
