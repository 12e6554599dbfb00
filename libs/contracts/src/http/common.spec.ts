import { cursorInstant, hasValidDateTimeFields } from './common';

describe('hasValidDateTimeFields', () => {
  it.each([
    '2026-02-28',
    '2028-02-29',
    '2026-11-01T01:30:00-05:00',
    '2026-01-25T08:00:00Z',
    '2026-01-25T23:59:59+14:00',
    '2026-03-08T02:30',
  ])('accepts %s', (text) => {
    expect(hasValidDateTimeFields(text)).toBe(true);
  });

  it.each([
    ['a month 13', '2026-13-01T00:00Z'],
    ['February 30', '2026-02-30'],
    ['February 29 of a common year', '2027-02-29T10:00:00Z'],
    ['hour 24', '2026-01-25T24:00:00Z'],
    ['minute 60', '2026-01-25T10:60:00Z'],
    ['second 60', '2026-01-25T10:00:60Z'],
    ['an offset of +25:00', '2026-01-25T10:00:00+25:00'],
    ['an offset minute of 60', '2026-01-25T10:00:00+05:60'],
  ])('refuses %s', (_what, text) => {
    expect(hasValidDateTimeFields(text)).toBe(false);
  });
});

describe('cursorInstant', () => {
  it.each([
    '2026-01-25T08:00:00Z',
    '2026-01-25T08:00:00.123Z',
    '2028-02-29T12:00:00Z',
    '9999-12-31T23:59:59Z',
  ])('reads %s, as the API writes it', (text) => {
    expect(cursorInstant(text)?.getTime()).toBe(Date.parse(text));
  });

  it.each([
    ['the year -271821, which Date takes and PostgreSQL refuses', '-271821-04-20T00:00:00.000Z'],
    ['the year +275760', '+275760-09-13T00:00:00.000Z'],
    ['February 30', '2026-02-30T00:00:00Z'],
    ['an offset instead of Z', '2026-01-25T08:00:00+07:00'],
    ['a date alone', '2026-01-25'],
    ['nothing', undefined],
  ])('refuses %s', (_name, text) => {
    expect(cursorInstant(text)).toBeUndefined();
  });
});
