export { isValidTimeZone } from './time-zone';
export { type Clock, systemClock, ManualClock } from './clock';
