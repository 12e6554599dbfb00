import type { StandingRules } from './standing';

/** For tests: the contract's thresholds, which are also the configuration's defaults. */
export const CONTRACT_STANDING_RULES: StandingRules = {
  windowDays: 90,
  warnAt: 1,
  restrictAt: 2,
  restrictDays: 30,
  restrictedNoticeHours: 24,
  freezeAt: 3,
  lateCancelHours: 2,
};
