export { isValidTimeZone } from './time-zone';
export { wallTimeRepeats } from './zone-offset';
export { type Clock, systemClock, ManualClock } from './clock';
export {
  resolveInstant,
  wallTimeCandidates,
  formatLocal,
  formatUtc,
  formatOffset,
  type Candidate,
  type Disambiguation,
  type ResolvedInstant,
} from './resolve-instant';
export {
  wallToInstant,
  instantToWall,
  wallToFloating,
  floatingToWall,
  formatWall,
  parseWall,
  type GapPolicy,
  type WallTime,
} from './wall-clock';
export {
  businessIntervals,
  isWithinBusinessHours,
  mergeIntervals,
  openingsOn,
  type BusinessHours,
  type Interval,
  type Openings,
} from './business-hours';
export { computeSlots, type SlotQuery } from './slots';
export { InvalidRule, parseRule, untilBound, type ParsedRule } from './recurrence-rule';
export {
  anchorNear,
  clampMissingDays,
  exactDuration,
  expandSeries,
  type Expansion,
  type MissingDayPolicy,
  type NonexistentPolicy,
  type Occurrence,
  type SeriesSpec,
} from './recurrence';
export {
  calendarDifferences,
  firstMatchWall,
  ruleReadAlike,
  ruleWallOf,
  writtenRule,
  type CalendarDifferences,
} from './series-calendar';
export {
  writtenSeries,
  type HeldOccurrence,
  type SeriesOverride,
  type WrittenSeries,
} from './written-series';
export { daysWindow, resourceSlots, type ResourceSlotsQuery } from './resource-slots';
export { afterFailure, retryDelayMs, type RetrySettings } from './retry-schedule';
