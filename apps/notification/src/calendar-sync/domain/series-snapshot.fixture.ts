import type { SeriesSnapshot } from './series-event';

/** For tests: a weekly New York series, Wednesdays 10:00–11:00 from 2027-03-03, across the March change. */
export const seriesSnapshot = (overrides: Partial<SeriesSnapshot> = {}): SeriesSnapshot => ({
  seriesId: 's-1',
  resourceId: 'r1',
  status: 'ACTIVE',
  rrule: 'FREQ=WEEKLY;COUNT=4',
  timeZone: 'America/New_York',
  startLocal: '2027-03-03T10:00:00',
  endLocal: '2027-03-03T11:00:00',
  cancelledRecurrences: [],
  conflictRecurrences: [],
  onMissingDay: 'clamp',
  onNonexistent: 'reject',
  disambiguation: 'earlier',
  version: 1,
  ...overrides,
});
