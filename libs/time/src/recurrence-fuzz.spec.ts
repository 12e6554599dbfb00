import { bruteForceExpand, type BruteSpec, type Wall } from '../test/brute-force-recurrence';
import { pick, seededRandom } from '../test/seeded-random';
import { expandSeries } from './recurrence';
import { InvalidRule, parseRule } from './recurrence-rule';

function parseOrRefused(rule: string): ReturnType<typeof parseRule> | 'refused' {
  try {
    return parseRule(rule);
  } catch (error) {
    if (error instanceof InvalidRule) return 'refused';
    throw new Error(`${rule}: ${String(error)}`);
  }
}

/** Values each part may take, and values no rule may carry (RFC 5545's grammar, or this API's). */
const VALID: Record<string, string[]> = {
  FREQ: ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'],
  INTERVAL: ['1', '2', '3'],
  COUNT: ['1', '5', '50'],
  UNTIL: ['20271231T000000Z', '20270615T133000Z', '20270101', '20281130'],
  BYDAY: ['MO', 'TU,TH', 'SA,SU', '1MO', '-1FR', '2SA,-2SU', '5WE', '-5MO,-1TU'],
  BYMONTHDAY: ['1', '31', '-1', '15,30', '29', '-31'],
  BYMONTH: ['1', '2,8', '12', '3,11'],
  BYSETPOS: ['1', '-1', '2', '1,-1'],
  BYYEARDAY: ['1', '100', '-1', '366', '60,-306'],
  WKST: ['MO', 'SU', 'WE'],
};
const INVALID: Record<string, string[]> = {
  FREQ: ['BOGUS', 'HOURLY', 'MINUTELY', ''],
  INTERVAL: ['0', '-1', 'x', '1.5'],
  COUNT: ['0', '-3', 'ten'],
  UNTIL: ['20270229T000000Z', '2027', '20271301', '20270101T250000Z'],
  BYDAY: ['60MO', 'XX', '0MO', 'MO,', '1MO,FR'],
  BYMONTHDAY: ['0', '32', '-32'],
  BYMONTH: ['0', '13'],
  BYSETPOS: ['0', '367'],
  BYWEEKNO: ['0', '54'],
  BYYEARDAY: ['0', '367'],
  WKST: ['XX', 'MONDAY'],
  BYHOUR: ['9'],
  BYMINUTE: ['30'],
};

const ZONES = [
  'America/New_York',
  'Europe/London',
  'Australia/Lord_Howe',
  'Asia/Kolkata',
  'America/Santiago',
];
/** Start dates and times that include each zone's DST days, the 29th–31st and a leap day. */
const DATES = [
  [2027, 1, 31],
  [2027, 3, 14],
  [2027, 3, 28],
  [2027, 4, 4],
  [2027, 10, 3],
  [2027, 10, 31],
  [2027, 11, 7],
  [2028, 2, 29],
  [2027, 5, 15],
] as const;
const TIMES = [
  [0, 0],
  [0, 30],
  [1, 30],
  [2, 0],
  [2, 30],
  [9, 30],
  [23, 45],
] as const;

function randomRule(next: () => number): string {
  const keys = Object.keys(VALID).filter((key) => key !== 'FREQ' && next() < 0.3);
  return ['FREQ', ...keys].map((key) => `${key}=${pick(next, VALID[key]!)}`).join(';');
}

describe('recurrence rules from random parts', () => {
  it('refuses every rule with a part RFC 5545 or this API does not allow, and only with InvalidRule', () => {
    const next = seededRandom(20_261_204);
    for (let run = 0; run < 2_000; run++) {
      const [badKey, badValues] = pick(next, Object.entries(INVALID));
      const rule = [...new Set(['FREQ', ...Object.keys(VALID).filter(() => next() < 0.3)])]
        .filter((key) => key !== badKey)
        .map((key) => `${key}=${pick(next, VALID[key]!)}`)
        .concat(`${badKey}=${pick(next, badValues)}`)
        .join(';');
      expect([rule, parseOrRefused(rule)]).toEqual([rule, 'refused']);
    }
  });

  it('expands as an independent brute-force expander does: the same instants, count and order', () => {
    const next = seededRandom(20_261_203);
    let compared = 0;
    let occurrences = 0;
    for (let run = 0; run < 2_000; run++) {
      const rule = randomRule(next);
      const parsed = parseOrRefused(rule);
      if (parsed === 'refused') continue;
      const [year, month, day] = pick(next, DATES);
      const [hour, minute] = pick(next, TIMES);
      const start: Wall = { year, month, day, hour, minute };
      const durationMinutes = pick(next, [30, 90, 24 * 60]);
      const spec: BruteSpec = {
        rule,
        start,
        durationMinutes,
        zone: pick(next, ZONES),
        onMissingDay: next() < 0.5 ? 'clamp' : 'skip',
        onNonexistent: next() < 0.5 ? 'skip' : 'shiftForward',
        disambiguation: next() < 0.5 ? 'earlier' : 'later',
      };
      const from = new Date(Date.UTC(2027, 0, 1) + Math.floor(next() * 400) * 86_400_000);
      const to = new Date(from.getTime() + (1 + Math.floor(next() * 500)) * 86_400_000);
      const endMinutes = hour * 60 + minute + durationMinutes;
      const end = new Date(Date.UTC(year, month - 1, day, 0, endMinutes));
      const expansion = expandSeries(
        {
          rule: parsed,
          start,
          end: {
            year: end.getUTCFullYear(),
            month: end.getUTCMonth() + 1,
            day: end.getUTCDate(),
            hour: end.getUTCHours(),
            minute: end.getUTCMinutes(),
          },
          zone: spec.zone,
          onMissingDay: spec.onMissingDay,
          onNonexistent: spec.onNonexistent,
          disambiguation: spec.disambiguation,
        },
        from,
        to,
      );
      const expected = bruteForceExpand(spec, from, to).map(({ start: s, end: e }) => [
        s.toISOString(),
        e.toISOString(),
      ]);
      const actual = expansion.occurrences.map((o) => [o.start.toISOString(), o.end.toISOString()]);
      expect({ spec, from, to, actual }).toEqual({ spec, from, to, actual: expected });
      for (const occurrence of expansion.occurrences)
        expect(occurrence.recurrenceId.getTime()).toBe(occurrence.start.getTime());
      compared++;
      occurrences += actual.length;
    }
    // Enough of the space is covered: rules expanded and occurrences compared.
    expect(compared).toBeGreaterThan(1_000);
    expect(occurrences).toBeGreaterThan(8_000);
  });
});
