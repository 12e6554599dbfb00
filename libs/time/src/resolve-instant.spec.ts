import { formatLocal, resolveInstant } from './resolve-instant';

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
});
