import { DomainError, type BookingView, type STANDING_LEVELS } from '@booking/contracts';

/** What a booking response warns of, such as `no_show_warning`. */
export type BookingWarning = BookingView['warnings'][number];

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The standing thresholds (docs/booking.md, "Customers' standing"), each one configuration. */
export interface StandingRules {
  /** No-shows older than this no longer count. */
  windowDays: number;
  warnAt: number;
  restrictAt: number;
  /** How long a restriction lasts from the no-show that caused it. */
  restrictDays: number;
  /** While restricted, only starts at least this far ahead may be booked. */
  restrictedNoticeHours: number;
  freezeAt: number;
  /** A customer's cancel this close to the start counts as a no-show. */
  lateCancelHours: number;
}

export type StandingLevel = (typeof STANDING_LEVELS)[number];

export interface Standing {
  customerId: string;
  noShows: number;
  level: StandingLevel;
  restrictedUntil: Date | null;
}

/** Where the window of counted no-shows starts at `now`. */
export function windowStart(now: Date, rules: StandingRules): Date {
  return new Date(now.getTime() - rules.windowDays * DAY_MS);
}

/**
 * Pure: a customer's standing from the times of their no-shows inside the window (and after the
 * last reset), oldest first. A restriction runs `restrictDays` from the no-show that reached
 * `restrictAt`; after it, the customer is warned again until the no-shows age out.
 */
export function standingOf(
  customerId: string,
  strikes: readonly Date[],
  now: Date,
  rules: StandingRules,
): Standing {
  const noShows = strikes.length;
  const base = { customerId, noShows, restrictedUntil: null };
  if (noShows >= rules.freezeAt) return { ...base, level: 'frozen' };
  const restrictingStrike = strikes[rules.restrictAt - 1];
  if (restrictingStrike) {
    const until = new Date(restrictingStrike.getTime() + rules.restrictDays * DAY_MS);
    if (now < until) return { ...base, level: 'restricted', restrictedUntil: until };
  }
  return { ...base, level: noShows >= rules.warnAt ? 'warned' : 'good' };
}

/** Pure: why this customer may not book a period starting at `start`, or null when they may. */
export function bookingRefusal(
  standing: Standing,
  start: Date,
  now: Date,
  rules: StandingRules,
): DomainError | null {
  if (standing.level === 'frozen') {
    return new DomainError(
      'customer_restricted',
      `Booking is frozen after ${standing.noShows} no-shows; an admin can lift it.`,
      { level: standing.level },
    );
  }
  const until = standing.restrictedUntil;
  if (until && start.getTime() - now.getTime() < rules.restrictedNoticeHours * HOUR_MS) {
    return new DomainError(
      'customer_restricted',
      `After ${standing.noShows} no-shows, only starts at least ${rules.restrictedNoticeHours} h ahead can be booked until ${until.toISOString()}.`,
      { level: standing.level, restrictedUntil: until.toISOString() },
    );
  }
  return null;
}

/** The `warnings` a customer's booking responses carry: any no-show on record says so. */
export function standingWarnings(standing: Standing, rules: StandingRules): BookingWarning[] {
  if (standing.level === 'good') return [];
  const count = standing.noShows === 1 ? '1 no-show' : `${standing.noShows} no-shows`;
  return [
    {
      code: 'no_show_warning',
      detail: `${count} in the last ${rules.windowDays} days: ${rules.restrictAt} restrict booking, ${rules.freezeAt} freeze it.`,
    },
  ];
}

/** Pure: a customer's cancel at `now` counts as a no-show for what starts before this instant. */
export function lateCancelBefore(now: Date, rules: StandingRules): Date {
  return new Date(now.getTime() + rules.lateCancelHours * HOUR_MS);
}

/** Pure: whether a customer's cancel at `now` counts as a no-show. */
export function isLateCancel(start: Date, now: Date, rules: StandingRules): boolean {
  return start.getTime() < lateCancelBefore(now, rules).getTime();
}
