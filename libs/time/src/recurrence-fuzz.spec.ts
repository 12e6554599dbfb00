import { expandSeries } from './recurrence';
import { InvalidRule, parseRule } from './recurrence-rule';

/** A small deterministic generator (mulberry32), so a failure names a seed that reproduces it. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function parseOrRefused(rule: string): ReturnType<typeof parseRule> | 'refused' {
  try {
    return parseRule(rule);
  } catch (error) {
    if (error instanceof InvalidRule) return 'refused';
    throw new Error(`${rule}: ${String(error)}`);
  }
}

const PARTS: Record<string, string[]> = {
  FREQ: ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY', 'HOURLY', 'BOGUS'],
  INTERVAL: ['1', '2', '3', '0', '-1', 'x'],
  COUNT: ['1', '5', '50', '0'],
  UNTIL: ['20271231T000000Z', '20270229T000000Z', '2027', '20270101'],
  BYDAY: ['MO', 'TU,TH', '1MO', '-1FR', '2SA,-2SU', '60MO', 'XX'],
  BYMONTHDAY: ['1', '31', '-1', '15,30', '0', '32'],
  BYMONTH: ['1', '2,8', '12', '13'],
  BYSETPOS: ['1', '-1', '2', '0'],
  BYWEEKNO: ['1', '20', '-1', '53', '54'],
  BYYEARDAY: ['1', '100', '-1', '366', '367'],
  WKST: ['MO', 'SU', 'XX'],
  BYHOUR: ['9'],
};

describe('recurrence rules from random parts', () => {
  it('either refuse with InvalidRule or expand without throwing, and never place an occurrence off its wall time', () => {
    const next = random(20_261_201);
    const keys = Object.keys(PARTS);
    let expanded = 0;
    for (let run = 0; run < 3_000; run++) {
      const chosen = keys.filter(() => next() < 0.3);
      if (next() < 0.95) chosen.unshift('FREQ');
      const rule = [...new Set(chosen)]
        .map((key) => `${key}=${PARTS[key]![Math.floor(next() * PARTS[key]!.length)]}`)
        .join(';');
      // Anything but InvalidRule escapes and fails the test.
      const parsed = parseOrRefused(rule);
      if (parsed === 'refused') continue;
      const { occurrences } = expandSeries(
        {
          rule: parsed,
          start: { year: 2027, month: 1, day: 31, hour: 9, minute: 30 },
          end: { year: 2027, month: 1, day: 31, hour: 10, minute: 30 },
          zone: 'America/New_York',
          onMissingDay: next() < 0.5 ? 'clamp' : 'skip',
          onNonexistent: 'skip',
          disambiguation: 'earlier',
        },
        new Date('2027-01-01T00:00:00Z'),
        new Date('2028-01-01T00:00:00Z'),
      );
      expanded++;
      for (const occurrence of occurrences) {
        const local = occurrence.start.toLocaleTimeString('en-GB', {
          timeZone: 'America/New_York',
          hour12: false,
        });
        expect([rule, local]).toEqual([rule, '09:30:00']);
      }
    }
    expect(expanded).toBeGreaterThan(100);
  });
});
