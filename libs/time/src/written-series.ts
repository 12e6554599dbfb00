import { exactDuration, type SeriesSpec } from './recurrence';
import {
  calendarDifferences,
  firstMatchWall,
  ruleReadAlike,
  ruleWallOf,
  writtenRule,
} from './series-calendar';
import { formatWall, type WallTime } from './wall-clock';

/** An occurrence the platform holds (or held): where it is, and whether it still takes place. */
export interface HeldOccurrence {
  recurrenceId: Date;
  start: Date;
  end: Date;
  takesPlace: boolean;
  /** Its calendar SEQUENCE, for an override that carries it. */
  sequence: number;
}

/** One occurrence written apart from the rule: moved, or at a wall time readers read differently. */
export interface SeriesOverride {
  /** The instance it replaces, as the rule's wall time (`ruleWallOf` its RECURRENCE-ID). */
  recurrenceWall: WallTime;
  start: Date;
  end: Date;
  sequence: number;
}

/** A series as every calendar is given it: feeds, invitations and Google alike. */
export interface WrittenSeries {
  /** The RRULE another calendar must read (`writtenRule`); null: the series is its dates (RDATE). */
  rule: string | null;
  /** DTSTART's wall time in the zone (the rule's first match), and the exact duration of each occurrence. */
  startWall: WallTime;
  durationMs: number;
  /** Occurrences the rule itself does not give, as wall times. */
  rdates: WallTime[];
  /** Instances that do not take place (cancelled, not held, skipped in a DST gap), as the rule's wall times. */
  exdates: WallTime[];
  /** Moved occurrences, and those pinned at their own instants near a DST change; none is an EXDATE. */
  overrides: SeriesOverride[];
}

/**
 * A series written from the platform's own expansion: its rule as RFC 5545 readers must get it,
 * an RDATE for every occurrence that rule lacks, an EXDATE for every instance that does not take
 * place (`skipped` before it was held, held and no longer taking place, or skipped in a DST gap),
 * and an override for every occurrence not where the rule puts it or whose wall times a DST
 * change makes readers read differently. Those are looked for within `window`; held occurrences
 * are written wherever they are. An EXDATE'd instance gets no override: Google, for one, brings
 * an instance back when an override names it.
 */
export function writtenSeries(
  spec: SeriesSpec,
  skipped: readonly (Date | string)[],
  held: readonly HeldOccurrence[],
  window: { from: Date; to: Date },
): WrittenSeries {
  const wallOf = (recurrenceId: Date | string) => ruleWallOf(new Date(recurrenceId), spec);
  const durationMs = exactDuration(spec);
  const exdates = new Map<string, WallTime>();
  const skip = (wall: WallTime) => exdates.set(formatWall(wall), wall);
  const overrides = new Map<string, SeriesOverride>();
  const byRule = ruleReadAlike(spec);
  const differences = calendarDifferences(spec, window.from, window.to, byRule);
  const startWall = firstMatchWall(spec) ?? spec.start;
  // Written as dates, DTSTART is one of them: taken out where the platform holds none there.
  if (!byRule && !differences.extra.some((wall) => formatWall(wall) === formatWall(startWall)))
    skip(startWall);
  skipped.map(wallOf).forEach(skip);
  differences.missing.forEach(skip);
  for (const { ruleWall, occurrence } of differences.pinned)
    overrides.set(formatWall(ruleWall), { recurrenceWall: ruleWall, ...occurrence, sequence: 0 });
  for (const occurrence of held) {
    const recurrenceWall = wallOf(occurrence.recurrenceId);
    const key = formatWall(recurrenceWall);
    const { start, end, sequence } = occurrence;
    const asRuled =
      start.getTime() === occurrence.recurrenceId.getTime() && end.getTime() - start.getTime() === durationMs;
    if (!occurrence.takesPlace) skip(recurrenceWall);
    else if (!asRuled || overrides.has(key)) overrides.set(key, { recurrenceWall, start, end, sequence });
  }
  return {
    rule: byRule ? writtenRule(spec) : null,
    startWall,
    durationMs,
    rdates: differences.extra,
    exdates: [...exdates.values()],
    overrides: [...overrides.values()].filter(
      ({ recurrenceWall }) => !exdates.has(formatWall(recurrenceWall)),
    ),
  };
}
