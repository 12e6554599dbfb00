import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACTIVE_STATUSES } from '../domain/booking-status';
import { activeStatus, statusIn } from './status-sql';

describe('status SQL', () => {
  it('spells the domain’s statuses as an IN list', () => {
    expect(activeStatus()).toBe("b.status IN ('HOLD', 'CONFIRMED', 'IN_PROGRESS')");
    expect(statusIn('status', ['CANCELLED'])).toBe("status IN ('CANCELLED')");
  });

  it('is what the migration wrote into the exclusion constraint and the partial index', () => {
    // A migration is frozen once committed, so it spells the list itself: this ties the two.
    const migration = readFileSync(
      join(__dirname, '../../migrations/1764000000200-create-booking.ts'),
      'utf8',
    );
    expect(migration).toContain(`const ACTIVE = \`${statusIn('status', ACTIVE_STATUSES)}\`;`);
    expect(migration).toMatch(/EXCLUDE USING gist[\s\S]*WHERE \(\$\{ACTIVE\}\)/);
    expect(migration).toContain('WHERE ${ACTIVE}');
  });
});
