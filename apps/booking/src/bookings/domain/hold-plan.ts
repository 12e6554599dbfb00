import { DomainError, type CreateBookingRequest } from '@booking/contracts';
import { formatUtc, isWithinBusinessHours, resolveInstant, type Disambiguation } from '@booking/time';
import type { Resource } from '../../resources/domain/resource';
import type { BookingStatus } from './booking-status';
import type { Period } from './booking';

export interface HoldLimits {
  maxBookingDays: number;
  /** How many days ahead of now a period may start. */
  horizonDays: number;
}

export interface HoldPlan {
  period: Period;
  blocked: Period;
  timeZone: string;
  status: Extract<BookingStatus, 'HOLD' | 'CONFIRMED'>;
  holdExpiresAt: Date | null;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * Where a moved booking lies: the period asked for, or, with no end given, the new start plus the
 * booking's exact duration (real time, as a series keeps it), whatever DST does in between.
 */
export function movedPeriod(current: Period, start: Date, end: Date | undefined): Period {
  return { start, end: end ?? new Date(start.getTime() + current.end.getTime() - current.start.getTime()) };
}

/** A request's start or end as an instant, or the contract's 422 for the DST rules. */
export function resolveMoment(
  field: 'start' | 'end',
  input: string,
  zone: string,
  disambiguation: Disambiguation | undefined,
): Date {
  const result = resolveInstant(input, zone, disambiguation);
  if (result.ok) return result.instant;
  switch (result.code) {
    case 'nonexistent_local_time':
      return fail(
        'nonexistent_local_time',
        `${field} ${input} does not exist in ${zone}: the clocks skip it.`,
        {
          field,
        },
      );
    case 'ambiguous_local_time':
      return fail(
        'ambiguous_local_time',
        `${field} ${input} happens twice in ${zone}; say "disambiguation": "earlier" or "later", or give the offset.`,
        { field, candidates: result.candidates },
      );
    case 'offset_mismatch':
      return fail(
        'offset_mismatch',
        `${field} ${input}: ${zone} has ${result.validOffsets.join(' or ')} then.`,
        {
          field,
          validOffsets: result.validOffsets,
        },
      );
    case 'invalid_time_zone':
      return fail('invalid_time_zone', `${zone} is not an IANA time zone.`, { field: 'timeZone' });
    case 'invalid_format':
    case 'time_zone_required':
      throw new DomainError('validation_failed', `${field} is not a date-time this API understands.`, {
        errors: [{ path: `/${field}`, message: 'not a valid date-time' }],
      });
  }
}

function fail(
  code: 'nonexistent_local_time' | 'ambiguous_local_time' | 'offset_mismatch' | 'invalid_time_zone',
  detail: string,
  extensions: Record<string, unknown>,
): never {
  throw new DomainError(code, detail, extensions);
}

type ResourceRules = Pick<
  Resource,
  | 'timeZone'
  | 'bufferBeforeMinutes'
  | 'bufferAfterMinutes'
  | 'holdMinutes'
  | 'depositAmount'
  | 'minNoticeMinutes'
  | 'businessHours'
>;

/**
 * The resource's rules for one period, whoever asks (a hold, a series occurrence, a reschedule):
 * a real length within the limit, the minimum notice by the server's clock, and business hours.
 */
export function checkPeriod(period: Period, resource: ResourceRules, now: Date, limits: HoldLimits): void {
  const { start, end } = period;
  if (end.getTime() <= start.getTime()) {
    throw new DomainError('end_before_start', 'end must be after start.', {});
  }
  if (end.getTime() - start.getTime() > limits.maxBookingDays * DAY_MS) {
    throw new DomainError('too_long', `A booking may last at most ${limits.maxBookingDays} days.`, {
      maxDays: limits.maxBookingDays,
    });
  }
  checkWithinHorizon('start', start, now, limits);
  const earliest = now.getTime() + resource.minNoticeMinutes * MINUTE_MS;
  if (start.getTime() < earliest) {
    throw new DomainError(
      'too_short_notice',
      resource.minNoticeMinutes > 0
        ? `This resource is booked at least ${resource.minNoticeMinutes} minutes ahead.`
        : 'start is in the past.',
      { earliestStart: new Date(earliest).toISOString() },
    );
  }
  if (resource.businessHours && !isWithinBusinessHours(resource.businessHours, resource.timeZone, period)) {
    throw new DomainError(
      'outside_business_hours',
      'The period is not inside the resource’s business hours.',
      {
        start: formatUtc(start),
        end: formatUtc(end),
        timeZone: resource.timeZone,
      },
    );
  }
}

/** 400 when an instant lies further ahead than the booking horizon: a bound on what a request may ask for. */
export function checkWithinHorizon(field: string, instant: Date, now: Date, limits: HoldLimits): void {
  if (instant.getTime() > now.getTime() + limits.horizonDays * DAY_MS)
    throw new DomainError('validation_failed', `${field} may be at most ${limits.horizonDays} days ahead.`, {
      errors: [{ path: `/${field}`, message: `more than ${limits.horizonDays} days ahead` }],
    });
}

/** The period widened by the resource's buffers: what the schedule loses. */
export function blockedOf(
  period: Period,
  resource: Pick<Resource, 'bufferBeforeMinutes' | 'bufferAfterMinutes'>,
): Period {
  return {
    start: new Date(period.start.getTime() - resource.bufferBeforeMinutes * MINUTE_MS),
    end: new Date(period.end.getTime() + resource.bufferAfterMinutes * MINUTE_MS),
  };
}

/**
 * What a hold request asks for, in instants, checked against the resource's rules. The schedule
 * itself is not looked at here: the exclusion constraint decides that, at insert.
 */
export function planHold(input: {
  request: Pick<CreateBookingRequest, 'start' | 'end' | 'timeZone' | 'disambiguation'>;
  resource: ResourceRules;
  now: Date;
  limits: HoldLimits;
}): HoldPlan {
  const { request, resource, now } = input;
  const timeZone = request.timeZone ?? resource.timeZone;
  const disambiguation = request.disambiguation ?? undefined;
  const period = {
    start: resolveMoment('start', request.start, timeZone, disambiguation),
    end: resolveMoment('end', request.end, timeZone, disambiguation),
  };
  checkPeriod(period, resource, now, input.limits);
  const confirmedAtOnce = resource.depositAmount === 0;
  return {
    period,
    blocked: blockedOf(period, resource),
    timeZone,
    status: confirmedAtOnce ? 'CONFIRMED' : 'HOLD',
    holdExpiresAt: confirmedAtOnce ? null : new Date(now.getTime() + resource.holdMinutes * MINUTE_MS),
  };
}
