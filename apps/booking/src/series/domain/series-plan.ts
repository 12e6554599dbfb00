import { DomainError, type CreateBookingRequest } from '@booking/contracts';
import {
  expandSeries,
  formatUtc,
  formatWall,
  InvalidRule,
  instantToWall,
  parseRule,
  type Occurrence,
  type ParsedRule,
  type SeriesSpec,
  type WallTime,
  untilBound,
  wallToInstant,
} from '@booking/time';
import type { Resource } from '../../resources/domain/resource';
import type { Period } from '../../bookings/domain/booking';
import { slotUnavailable } from '../../bookings/domain/booking-status';
import {
  blockedOf,
  checkPeriod,
  checkWithinHorizon,
  resolveMoment,
  type HoldLimits,
} from '../../bookings/domain/hold-plan';

/** Occurrences starting within this of now are held at once; later ones as time passes. */
export const HORIZON_DAYS = 180;
const DAY_MS = 86_400_000;
const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

export interface PlannedOccurrence extends Occurrence {
  blocked: Period;
}

export interface SeriesPlan {
  rule: ParsedRule;
  spec: SeriesSpec;
  /** Held now: those starting within HORIZON_DAYS; the rest are held as time passes. */
  occurrences: PlannedOccurrence[];
  heldUntil: Date;
  /** The first occurrence's start, held now or not. */
  firstStart: Date;
}

/** The 409 for a series whose occurrences clash with bookings, listing those it knows of. */
export function occurrencesTaken(resourceId: string, taken: readonly Occurrence[]): DomainError {
  return slotUnavailable(resourceId, {
    conflicts: taken.map((occurrence) => ({
      recurrenceId: formatUtc(occurrence.recurrenceId),
      start: formatUtc(occurrence.start),
      end: formatUtc(occurrence.end),
    })),
  });
}

/** A start or end as wall-clock fields in the zone: as given, or the wall time of an exact instant. */
function wallOf(field: 'start' | 'end', input: string, zone: string): WallTime {
  const bare = WALL.exec(input);
  if (bare) {
    const [year, month, day, hour, minute, second] = bare.slice(1).map((part) => Number(part ?? 0));
    const calendar = new Date(Date.UTC(year!, month! - 1, day, hour, minute, second));
    if (calendar.getUTCDate() !== day || calendar.getUTCHours() !== hour)
      throw new DomainError('validation_failed', `${field} is not a date-time this API understands.`, {
        errors: [{ path: `/${field}`, message: 'not a valid date-time' }],
      });
    return { year: year!, month: month!, day: day, hour: hour, minute: minute!, second: second! };
  }
  return instantToWall(resolveMoment(field, input, zone, undefined), zone);
}

export function toSpec(
  rule: ParsedRule,
  request: Pick<CreateBookingRequest, 'start' | 'end' | 'disambiguation' | 'onMissingDay' | 'onNonexistent'>,
  zone: string,
): SeriesSpec {
  return {
    rule,
    start: wallOf('start', request.start, zone),
    end: wallOf('end', request.end, zone),
    zone,
    onMissingDay: request.onMissingDay ?? 'clamp',
    onNonexistent: request.onNonexistent ?? 'reject',
    disambiguation: request.disambiguation ?? 'earlier',
  };
}

export function parseOrRefuse(text: string): ParsedRule {
  try {
    return parseRule(text);
  } catch (error) {
    if (error instanceof InvalidRule) throw new DomainError('invalid_rrule', error.message, { rrule: text });
    throw error;
  }
}

/**
 * What a series request asks to hold now: every occurrence from the first to the horizon, each
 * checked against the resource's rules like a single hold. A DST-gap occurrence under the
 * `reject` policy refuses the whole series, naming every such occurrence.
 */
export function planSeries(input: {
  request: CreateBookingRequest & { rrule: string };
  resource: Resource;
  now: Date;
  limits: HoldLimits;
}): SeriesPlan {
  const { request, resource, now } = input;
  if (resource.depositAmount !== 0)
    throw new DomainError('series_not_supported', 'Series are for resources without a deposit in v1.', {});
  const rule = parseOrRefuse(request.rrule);
  const zone = request.timeZone ?? resource.timeZone;
  const spec = toSpec(rule, request, zone);
  checkBounds(spec, now, input.limits);
  const heldUntil = new Date(now.getTime() + HORIZON_DAYS * DAY_MS);
  // From a day before the first wall time (whatever its offset) to the horizon.
  const from = new Date(Date.UTC(spec.start.year, spec.start.month - 1, spec.start.day) - DAY_MS);
  const expansion = expandSeries(spec, from, heldUntil);
  if (expansion.nonexistent.length > 0)
    throw new DomainError(
      'nonexistent_local_time',
      `${expansion.nonexistent.length} occurrence(s) fall in a DST gap in ${zone}; say "onNonexistent": "skip" or "shiftForward".`,
      { occurrences: expansion.nonexistent.map(formatWall), timeZone: zone },
    );
  const first = expansion.occurrences[0] ?? firstBeyond(spec, heldUntil, now, input.limits);
  const occurrences = expansion.occurrences.map((occurrence) => {
    try {
      checkPeriod(occurrence, resource, now, input.limits);
    } catch (error) {
      if (error instanceof DomainError)
        throw new DomainError(
          error.code,
          `Occurrence ${formatUtc(occurrence.recurrenceId)}: ${error.message}`,
          {
            ...error.extensions,
            recurrenceId: formatUtc(occurrence.recurrenceId),
          },
        );
      throw error;
    }
    return { ...occurrence, blocked: blockedOf(occurrence, resource) };
  });
  const overlapping = occurrences.findIndex(
    (occurrence, index) => index > 0 && occurrence.blocked.start < occurrences[index - 1]!.blocked.end,
  );
  if (overlapping > 0)
    throw new DomainError('invalid_rrule', 'Occurrences of this rule overlap one another.', {
      recurrenceId: formatUtc(occurrences[overlapping]!.recurrenceId),
    });
  return { rule, spec, occurrences, heldUntil, firstStart: first.start };
}

/**
 * What a series may ask for, checked before its rule is expanded: its first wall time neither in
 * the past (a day's grace: the rule's first match may come after it) nor past the booking horizon,
 * and its UNTIL within the horizon too.
 */
function checkBounds(spec: SeriesSpec, now: Date, limits: HoldLimits): void {
  const dtstart = wallToInstant(spec.start, spec.zone, 'earlier', 'shiftForward')!;
  if (dtstart.getTime() < now.getTime() - DAY_MS)
    throw new DomainError('too_short_notice', 'start is in the past.', { earliestStart: formatUtc(now) });
  checkWithinHorizon('start', dtstart, now, limits);
  const until = untilBound(spec.rule);
  if (until && until.getTime() > now.getTime() + limits.horizonDays * DAY_MS)
    throw new DomainError('invalid_rrule', `UNTIL may be at most ${limits.horizonDays} days ahead.`, {
      rrule: spec.rule.text,
    });
}

/** The first occurrence after the held window, within the booking horizon; none is 422 `invalid_rrule`. */
function firstBeyond(spec: SeriesSpec, heldUntil: Date, now: Date, limits: HoldLimits): Occurrence {
  const horizon = new Date(now.getTime() + limits.horizonDays * DAY_MS + DAY_MS);
  const later = expandSeries(spec, heldUntil, horizon, 1);
  const first = later.occurrences[0];
  if (!first)
    throw new DomainError(
      'invalid_rrule',
      `The rule has no occurrence in the next ${limits.horizonDays} days.`,
      {
        rrule: spec.rule.text,
      },
    );
  return first;
}
