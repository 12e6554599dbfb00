import { decodeOutcome, encodeOutcome } from './outcome-codec';

describe('the outcome codec', () => {
  it('brings back nested dates as dates and leaves every other value as it was', () => {
    const outcome = {
      kind: 'held',
      booking: {
        period: { start: new Date('2026-03-08T07:00:00.000Z'), end: new Date('2026-03-08T08:30:00.000Z') },
        holdExpiresAt: null,
        recurrenceIds: [new Date('2026-03-15T06:00:00.000Z')],
        startLocal: '2026-03-08T02:00:00',
        amount: 12_500,
      },
    };
    const decoded = decodeOutcome<typeof outcome>(encodeOutcome(outcome));
    expect(decoded).toEqual(outcome);
    expect(decoded.booking.period.start).toBeInstanceOf(Date);
    expect(decoded.booking.recurrenceIds[0]).toBeInstanceOf(Date);
    expect(typeof decoded.booking.startLocal).toBe('string');
  });

  it('reads what PostgreSQL hands back as a parsed jsonb value, not only text', () => {
    const stored: unknown = JSON.parse(encodeOutcome({ at: new Date('2026-11-01T05:30:00.000Z') }));
    expect(decodeOutcome<{ at: Date }>(stored).at.toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  it('keeps an object that merely has a $date key among others as an object', () => {
    const outcome = { note: { $date: '2026-01-01T00:00:00.000Z', by: 'customer' } };
    expect(decodeOutcome(encodeOutcome(outcome))).toEqual(outcome);
  });
});
