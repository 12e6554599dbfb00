import { DateTime } from 'luxon';
import { formatLocal, resolveInstant } from './resolve-instant';
import { offsetAt } from './zone-offset';

const NY = 'America/New_York';

describe('resolveInstant', () => {
  it('takes an instant ending in Z as it is, with or without a zone', () => {
    expect(resolveInstant('2026-01-25T01:00:00Z')).toEqual({
      ok: true,
      instant: new Date('2026-01-25T01:00:00Z'),
    });
    expect(resolveInstant('2026-01-25T01:00:00.250Z', NY)).toEqual({
      ok: true,
      instant: new Date('2026-01-25T01:00:00.250Z'),
    });
  });

  it('takes a wall time with an offset the zone has then', () => {
    expect(resolveInstant('2026-01-25T08:00:00+07:00', 'Asia/Ho_Chi_Minh')).toEqual({
      ok: true,
      instant: new Date('2026-01-25T01:00:00Z'),
    });
  });

  it('refuses an offset the zone does not have at that wall time', () => {
    expect(resolveInstant('2026-07-01T10:00:00-05:00', NY)).toEqual({
      ok: false,
      code: 'offset_mismatch',
      input: '2026-07-01T10:00:00-05:00',
      zone: NY,
      validOffsets: ['-04:00'],
    });
  });

  it('rejects 02:30 on the spring-forward day in New York', () => {
    expect(resolveInstant('2026-03-08T02:30:00', NY)).toEqual({
      ok: false,
      code: 'nonexistent_local_time',
      input: '2026-03-08T02:30:00',
      zone: NY,
    });
  });

  it('answers both candidates for 01:30 on the fall-back day in New York, earlier first', () => {
    expect(resolveInstant('2026-11-01T01:30:00', NY)).toEqual({
      ok: false,
      code: 'ambiguous_local_time',
      input: '2026-11-01T01:30:00',
      zone: NY,
      candidates: [
        { instant: '2026-11-01T05:30:00Z', local: '2026-11-01T01:30:00-04:00', offset: '-04:00' },
        { instant: '2026-11-01T06:30:00Z', local: '2026-11-01T01:30:00-05:00', offset: '-05:00' },
      ],
    });
  });

  it('picks the side of an overlap that disambiguation names', () => {
    expect(resolveInstant('2026-11-01T01:30:00', NY, 'earlier')).toEqual({
      ok: true,
      instant: new Date('2026-11-01T05:30:00Z'),
    });
    expect(resolveInstant('2026-11-01T01:30:00', NY, 'later')).toEqual({
      ok: true,
      instant: new Date('2026-11-01T06:30:00Z'),
    });
  });

  it('picks the side of an overlap that an explicit offset names', () => {
    expect(resolveInstant('2026-11-01T01:30:00-05:00', NY)).toEqual({
      ok: true,
      instant: new Date('2026-11-01T06:30:00Z'),
    });
    expect(resolveInstant('2026-11-01T01:30:00-04:00', NY)).toEqual({
      ok: true,
      instant: new Date('2026-11-01T05:30:00Z'),
    });
  });

  it('handles the half-hour shift of Lord Howe', () => {
    // 2026-04-05 02:00 +11:00 → 01:30 +10:30: 01:30–02:00 happens twice.
    const result = resolveInstant('2026-04-05T01:45:00', 'Australia/Lord_Howe');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.code).toBe('ambiguous_local_time');
    // 2026-10-04 02:00 +10:30 → 02:30 +11:00: 02:00–02:30 never happens.
    expect(resolveInstant('2026-10-04T02:15:00', 'Australia/Lord_Howe')).toMatchObject({
      code: 'nonexistent_local_time',
    });
  });

  it('needs a zone for a bare wall time, and a real zone at that', () => {
    expect(resolveInstant('2026-03-08T09:00:00')).toMatchObject({ ok: false, code: 'time_zone_required' });
    expect(resolveInstant('2026-03-08T09:00:00', 'UTC+8')).toMatchObject({
      ok: false,
      code: 'invalid_time_zone',
    });
  });

  it.each([
    '2026-02-30T10:00:00',
    '2026-13-01T10:00:00',
    '2026-01-01 10:00',
    'tomorrow',
    '2026-01-01T25:00:00Z',
    '',
  ])('refuses %p as not a date-time', (input) => {
    expect(resolveInstant(input, NY)).toMatchObject({ ok: false, code: 'invalid_format' });
  });

  it('formats the wall-clock form with the offset in force at that instant', () => {
    expect(formatLocal(new Date('2026-11-01T06:30:00Z'), NY)).toBe('2026-11-01T01:30:00-05:00');
    expect(formatLocal(new Date('2026-11-01T05:30:00Z'), NY)).toBe('2026-11-01T01:30:00-04:00');
  });

  it('formats exactly as luxon does, in every zone, around each offset change and at random', () => {
    const asLuxon = (instant: Date, zone: string) =>
      DateTime.fromJSDate(instant, { zone }).toISO({ suppressMilliseconds: true, includeOffset: true });
    // Every zone this Node knows, and the names luxon reads as fixed offsets or the machine's zone.
    const zones = [...Intl.supportedValuesOf('timeZone'), 'UTC', 'Etc/UTC', 'Etc/GMT+5', 'EST'];
    const mismatches: string[] = [];
    for (const zone of zones) {
      const instants = [Date.UTC(1950, 5, 1), Date.UTC(9999, 11, 31, 23, 59)];
      for (let i = 0; i < 20; i += 1) instants.push(Date.UTC(1979, 0, 1) + Math.floor(Math.random() * 4e12));
      // Each change in 2026 and 2027, by the first hour whose offset differs from the hour before.
      const HOUR = 3_600_000;
      for (let day = Date.UTC(2026, 0, 2); day < Date.UTC(2028, 0, 1); day += 24 * HOUR)
        if (offsetAt(zone, day) !== offsetAt(zone, day - 24 * HOUR))
          for (let hour = day - 23 * HOUR; hour <= day; hour += HOUR)
            if (offsetAt(zone, hour) !== offsetAt(zone, hour - HOUR))
              instants.push(hour - HOUR - 1, hour - 1, hour, hour + 1_000, hour + HOUR / 2);
      for (const millis of instants) {
        const instant = new Date(millis);
        if (formatLocal(instant, zone) !== asLuxon(instant, zone))
          mismatches.push(
            `${zone} ${instant.toISOString()}: ${formatLocal(instant, zone)} ≠ ${asLuxon(instant, zone)}`,
          );
      }
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
  });
});
