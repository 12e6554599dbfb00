import { hasValidDateTimeFields } from './common';

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
