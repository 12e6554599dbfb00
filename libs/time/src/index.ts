export { isValidTimeZone } from './time-zone';
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
