import type { Series } from './series';

const startWall = { year: 2027, month: 1, day: 6, hour: 10, minute: 0, second: 0 };

/** For tests: an active New York series from Wednesday 2027-01-06, 10:00–11:00, of the given rule. */
export function series(rrule: string, overrides: Partial<Series> = {}): Series {
  return {
    seriesId: 's1',
    resourceId: 'r1',
    customerId: 'c1',
    rrule,
    timeZone: 'America/New_York',
    startWall,
    endWall: { ...startWall, hour: 11 },
    onMissingDay: 'clamp',
    onNonexistent: 'reject',
    disambiguation: 'earlier',
    status: 'ACTIVE',
    heldUntil: new Date('2027-01-01T00:00:00Z'),
    cancelledRecurrences: [],
    conflicts: [],
    contact: null,
    version: 1,
    createdAt: new Date('2026-12-01T00:00:00Z'),
    updatedAt: new Date('2026-12-01T00:00:00Z'),
    ...overrides,
  };
}
