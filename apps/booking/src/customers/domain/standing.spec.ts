import { bookingRefusal, isLateCancel, standingOf, standingWarnings } from './standing';
import { CONTRACT_STANDING_RULES } from './standing-rules.fixture';

const RULES = CONTRACT_STANDING_RULES;

const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000);

describe('standingOf', () => {
  it('is good without no-shows and warned after one', () => {
    expect(standingOf('c1', [], day(10), RULES)).toEqual({
      customerId: 'c1',
      noShows: 0,
      level: 'good',
      restrictedUntil: null,
    });
    expect(standingOf('c1', [day(1)], day(10), RULES).level).toBe('warned');
  });

  it('restricts for 30 days from the second no-show, then warns again', () => {
    const strikes = [day(1), day(5)];
    expect(standingOf('c1', strikes, day(20), RULES)).toEqual({
      customerId: 'c1',
      noShows: 2,
      level: 'restricted',
      restrictedUntil: day(35),
    });
    expect(standingOf('c1', strikes, day(35), RULES)).toMatchObject({
      level: 'warned',
      restrictedUntil: null,
    });
  });

  it('freezes at three', () => {
    expect(standingOf('c1', [day(1), day(2), day(3)], day(4), RULES)).toMatchObject({
      noShows: 3,
      level: 'frozen',
    });
  });

  it('follows the thresholds it is given', () => {
    const lenient = { ...RULES, warnAt: 2, restrictAt: 3, freezeAt: 5 };
    expect(standingOf('c1', [day(1)], day(2), lenient).level).toBe('good');
    expect(standingOf('c1', [day(1), day(2)], day(3), lenient).level).toBe('warned');
    expect(standingOf('c1', [day(1), day(2), day(3)], day(4), lenient).level).toBe('restricted');
  });
});

describe('bookingRefusal', () => {
  const now = new Date('2026-01-20T12:00:00Z');
  const restricted = standingOf('c1', [day(1), day(5)], now, RULES);

  it('lets a restricted customer book only starts at least 24 h ahead', () => {
    const soon = bookingRefusal(restricted, new Date('2026-01-21T11:59:00Z'), now, RULES);
    expect(soon).toMatchObject({
      code: 'customer_restricted',
      extensions: { restrictedUntil: '2026-02-05T00:00:00.000Z' },
    });
    expect(bookingRefusal(restricted, new Date('2026-01-21T12:00:00Z'), now, RULES)).toBeNull();
  });

  it('refuses a frozen customer anything, and lets good and warned ones book', () => {
    const frozen = standingOf('c1', [day(1), day(2), day(3)], now, RULES);
    expect(bookingRefusal(frozen, new Date('2026-06-01T00:00:00Z'), now, RULES)?.code).toBe(
      'customer_restricted',
    );
    expect(bookingRefusal(standingOf('c1', [day(1)], now, RULES), now, now, RULES)).toBeNull();
    expect(bookingRefusal(standingOf('c1', [], now, RULES), now, now, RULES)).toBeNull();
  });
});

describe('standingWarnings', () => {
  it('warns from the first no-show on', () => {
    expect(standingWarnings(standingOf('c1', [], day(2), RULES), RULES)).toEqual([]);
    expect(standingWarnings(standingOf('c1', [day(1)], day(2), RULES), RULES)).toEqual([
      { code: 'no_show_warning', detail: '1 no-show in the last 90 days: 2 restrict booking, 3 freeze it.' },
    ]);
  });
});

describe('isLateCancel', () => {
  it('counts a cancel under 2 h before the start', () => {
    const start = new Date('2026-01-20T12:00:00Z');
    expect(isLateCancel(start, new Date('2026-01-20T10:00:00Z'), RULES)).toBe(false);
    expect(isLateCancel(start, new Date('2026-01-20T10:00:01Z'), RULES)).toBe(true);
    expect(isLateCancel(start, new Date('2026-01-20T13:00:00Z'), RULES)).toBe(true);
  });
});
