import { RRule, type Options } from 'rrule';

/** Why a rule text is refused; the API answers 422 `invalid_rrule` with it. */
export class InvalidRule extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidRule';
  }
}

const WEEKDAY = '(?:[+-]?(?:[1-9]|[1-4]\\d|5[0-3]))?(?:MO|TU|WE|TH|FR|SA|SU)';
const list = (item: string) => new RegExp(`^${item}(?:,${item})*$`);
const PARTS: Record<string, RegExp> = {
  FREQ: /^(?:YEARLY|MONTHLY|WEEKLY|DAILY|HOURLY|MINUTELY|SECONDLY)$/,
  INTERVAL: /^[1-9]\d{0,3}$/,
  COUNT: /^[1-9]\d{0,3}$/,
  UNTIL: /^\d{8}(?:T\d{6}Z)?$/,
  BYDAY: list(WEEKDAY),
  BYMONTHDAY: list('[+-]?(?:[1-9]|[12]\\d|3[01])'),
  BYYEARDAY: list('[+-]?(?:[1-9]\\d{0,1}|[12]\\d\\d|3[0-5]\\d|36[0-6])'),
  BYWEEKNO: list('[+-]?(?:[1-9]|[1-4]\\d|5[0-3])'),
  BYMONTH: list('(?:[1-9]|1[0-2])'),
  BYSETPOS: list('[+-]?(?:[1-9]\\d{0,1}|[12]\\d\\d|3[0-5]\\d|36[0-6])'),
  WKST: /^(?:MO|TU|WE|TH|FR|SA|SU)$/,
};
const FINER_THAN_DAILY = new Set(['HOURLY', 'MINUTELY', 'SECONDLY']);

export interface ParsedRule {
  /** The rule as given, upper-cased: what is stored and shown. */
  text: string;
  parts: Readonly<Record<string, string>>;
  options: Partial<Options>;
  /** UNTIL as a real instant (a DATE-only UNTIL is the end of that day, read by the caller). */
  until?: { instant: Date } | { date: string };
}

/**
 * A recurrence rule of RFC 5545 §3.3.10, of daily or coarser frequency. The text is checked part
 * by part here because rrule.js accepts malformed input silently; times of day come from the
 * booking's start, so BYHOUR/BYMINUTE/BYSECOND are refused along with finer frequencies.
 */
export function parseRule(input: string): ParsedRule {
  const text = input
    .trim()
    .replace(/^RRULE:/i, '')
    .toUpperCase();
  if (text === '') throw new InvalidRule('The rule is empty.');
  const parts: Record<string, string> = {};
  for (const part of text.split(';')) {
    const [key, value, extra] = part.split('=');
    if (!key || value === undefined || extra !== undefined)
      throw new InvalidRule(`"${part}" is not NAME=VALUE.`);
    if (key in parts) throw new InvalidRule(`${key} appears twice.`);
    const pattern = PARTS[key];
    if (!pattern) throw new InvalidRule(`${key} is not supported here (times of day come from start).`);
    if (!pattern.test(value)) throw new InvalidRule(`${key}=${value} is not valid.`);
    parts[key] = value;
  }
  if (!parts['FREQ']) throw new InvalidRule('FREQ is required.');
  if (FINER_THAN_DAILY.has(parts['FREQ'])) throw new InvalidRule('Rules finer than daily are not supported.');
  if (parts['COUNT'] && parts['UNTIL']) throw new InvalidRule('COUNT and UNTIL exclude each other.');
  if (parts['BYWEEKNO'] && parts['FREQ'] !== 'YEARLY') throw new InvalidRule('BYWEEKNO needs FREQ=YEARLY.');
  if (parts['BYYEARDAY'] && ['DAILY', 'WEEKLY', 'MONTHLY'].includes(parts['FREQ']))
    throw new InvalidRule('BYYEARDAY is not allowed with this FREQ.');
  if (parts['BYMONTHDAY'] && parts['FREQ'] === 'WEEKLY')
    throw new InvalidRule('BYMONTHDAY is not allowed with WEEKLY.');
  if (parts['BYDAY'] && /\d/.test(parts['BYDAY']) && !['MONTHLY', 'YEARLY'].includes(parts['FREQ']))
    throw new InvalidRule('Numbered BYDAY needs MONTHLY or YEARLY.');
  // rrule.js applies it to DTSTART's first week from DTSTART on, not to the whole week as RFC 5545 does.
  if (parts['BYSETPOS'] && parts['FREQ'] === 'WEEKLY')
    throw new InvalidRule('BYSETPOS is not supported with WEEKLY.');
  // rrule.js reads such a list as "numbered AND plain", which no day is; RFC 5545 means either.
  if (parts['BYDAY'] && /\d/.test(parts['BYDAY']) && /(^|,)[A-Z]/.test(parts['BYDAY']))
    throw new InvalidRule('BYDAY may not mix numbered days (1MO) with plain ones (FR).');
  if (parts['BYSETPOS'] && Object.keys(parts).every((key) => !key.startsWith('BY') || key === 'BYSETPOS'))
    throw new InvalidRule('BYSETPOS needs another BYxxx part.');
  const withoutUntil = Object.entries(parts)
    .filter(([key]) => key !== 'UNTIL')
    .map(([key, value]) => `${key}=${value}`)
    .join(';');
  const options = RRule.parseString(withoutUntil);
  const untilText = parts['UNTIL'];
  const until = untilText === undefined ? undefined : parseUntil(untilText);
  return { text, parts, options, ...(until ? { until } : {}) };
}

/**
 * An instant no occurrence of the rule starts after, from its UNTIL: the instant itself, or for a
 * DATE-only UNTIL two days past that date (later than its end in any zone). Undefined: no UNTIL.
 */
export function untilBound(rule: Pick<ParsedRule, 'until'>): Date | undefined {
  const { until } = rule;
  if (!until) return undefined;
  return 'instant' in until
    ? until.instant
    : new Date(Date.parse(`${until.date}T00:00:00Z`) + 2 * 86_400_000);
}

function parseUntil(value: string): { instant: Date } | { date: string } {
  const [year, month, day] = [value.slice(0, 4), value.slice(4, 6), value.slice(6, 8)].map(Number) as [
    number,
    number,
    number,
  ];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day)
    throw new InvalidRule(`UNTIL=${value} is not a date.`);
  if (value.length === 8) return { date: `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}` };
  const [hour, minute, second] = [value.slice(9, 11), value.slice(11, 13), value.slice(13, 15)].map(
    Number,
  ) as [number, number, number];
  if (hour > 23 || minute > 59 || second > 59) throw new InvalidRule(`UNTIL=${value} is not a time.`);
  return { instant: new Date(Date.UTC(year, month - 1, day, hour, minute, second)) };
}
