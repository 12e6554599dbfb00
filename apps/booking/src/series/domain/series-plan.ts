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
} from '@booking/time';
import type { Resource } from '../../resources/domain/resource';
import type { Period } from '../../bookings/domain/booking';
import { blockedOf, checkPeriod, resolveMoment, type HoldLimits } from '../../bookings/domain/hold-plan';

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
  occurrences: PlannedOccurrence[];
  heldUntil: Date;
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
  if (expansion.occurrences.length === 0)
    throw new DomainError('invalid_rrule', `The rule has no occurrence in the next ${HORIZON_DAYS} days.`, {
      rrule: rule.text,
    });
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
  return { rule, spec, occurrences, heldUntil };
}
