import { businessIntervals, isWithinBusinessHours, type BusinessHours } from './business-hours';
import { computeSlots } from './slots';

const iso = (date: Date) => date.toISOString().replace('.000Z', 'Z');
const spans = (intervals: { start: Date; end: Date }[]) =>
  intervals.map((i) => `${iso(i.start)}/${iso(i.end)}`);
const everyDay = (openings: [string, string][]): BusinessHours => ({
  weekly: { 0: openings, 1: openings, 2: openings, 3: openings, 4: openings, 5: openings, 6: openings },
});

describe('business hours are floating wall-clock time', () => {
  it('keeps 09:00–17:00 New York on both sides of each DST change (ACCEPTANCE 8)', () => {
    const hours = everyDay([['09:00', '17:00']]);
    expect(spans(businessIntervals(hours, 'America/New_York', '2026-03-07', '2026-03-09'))).toEqual([
      '2026-03-07T14:00:00Z/2026-03-07T22:00:00Z',
      '2026-03-08T13:00:00Z/2026-03-08T21:00:00Z',
      '2026-03-09T13:00:00Z/2026-03-09T21:00:00Z',
    ]);
    expect(spans(businessIntervals(hours, 'America/New_York', '2026-10-31', '2026-11-02'))).toEqual([
      '2026-10-31T13:00:00Z/2026-10-31T21:00:00Z',
      '2026-11-01T14:00:00Z/2026-11-01T22:00:00Z',
      '2026-11-02T14:00:00Z/2026-11-02T22:00:00Z',
    ]);
  });

  it('keeps 09:00–18:00 Asia/Shanghai at 01:00Z–10:00Z while New York changes (ACCEPTANCE 8)', () => {
    const hours = everyDay([['09:00', '18:00']]);
    for (const date of ['2026-03-07', '2026-03-09', '2026-10-31', '2026-11-02']) {
      expect(spans(businessIntervals(hours, 'Asia/Shanghai', date, date))).toEqual([
        `${date}T01:00:00Z/${date}T10:00:00Z`,
      ]);
    }
  });

  it('makes a whole New York day 23 hours on spring-forward and 25 on fall-back', () => {
    const hours = everyDay([['00:00', '24:00']]);
    const length = (date: string) => {
      const [open] = businessIntervals(hours, 'America/New_York', date, date);
      return (open!.end.getTime() - open!.start.getTime()) / 3_600_000;
    };
    expect([length('2026-03-08'), length('2026-03-09'), length('2026-11-01')]).toEqual([23, 24, 25]);
  });

  it('makes Lord Howe days 23.5 and 24.5 hours long', () => {
    const hours = everyDay([['00:00', '24:00']]);
    const length = (date: string) => {
      const [open] = businessIntervals(hours, 'Australia/Lord_Howe', date, date);
      return (open!.end.getTime() - open!.start.getTime()) / 3_600_000;
    };
    expect(length('2026-04-05')).toBe(24.5);
    expect(length('2026-10-04')).toBe(23.5);
  });

  it('lets an override replace a day, and an empty override close it', () => {
    const hours: BusinessHours = {
      ...everyDay([['09:00', '17:00']]),
      overrides: { '2026-12-24': [['10:00', '14:00']], '2026-12-25': [] },
    };
    expect(spans(businessIntervals(hours, 'UTC', '2026-12-24', '2026-12-26'))).toEqual([
      '2026-12-24T10:00:00Z/2026-12-24T14:00:00Z',
      '2026-12-26T09:00:00Z/2026-12-26T17:00:00Z',
    ]);
  });

  it('treats a missing weekday as closed and joins openings that touch', () => {
    const hours: BusinessHours = {
      weekly: {
        1: [
          ['09:00', '12:00'],
          ['12:00', '18:00'],
        ],
      },
    };
    expect(spans(businessIntervals(hours, 'UTC', '2026-12-06', '2026-12-07'))).toEqual([
      '2026-12-07T09:00:00Z/2026-12-07T18:00:00Z',
    ]);
  });

  it('reads an opening that starts in a DST gap with the offset before it: 02:30 is 03:30 EDT', () => {
    const hours = everyDay([['02:30', '05:00']]);
    expect(spans(businessIntervals(hours, 'America/New_York', '2026-03-08', '2026-03-08'))).toEqual([
      '2026-03-08T07:30:00Z/2026-03-08T09:00:00Z',
    ]);
  });

  it('checks that a period lies inside one opening', () => {
    const hours = {
      weekly: {
        1: [
          ['09:00', '12:00'],
          ['13:30', '18:00'],
        ] as [string, string][],
      },
    };
    const at = (start: string, end: string) =>
      isWithinBusinessHours(hours, 'Asia/Ho_Chi_Minh', { start: new Date(start), end: new Date(end) });
    expect(at('2026-12-07T02:00:00Z', '2026-12-07T05:00:00Z')).toBe(true); // 09:00–12:00
    expect(at('2026-12-07T04:30:00Z', '2026-12-07T07:00:00Z')).toBe(false); // over the lunch break
    expect(at('2026-12-08T02:00:00Z', '2026-12-08T03:00:00Z')).toBe(false); // Tuesday: closed
  });
});

describe('computeSlots', () => {
  const openings = [{ start: new Date('2026-12-07T09:00:00Z'), end: new Date('2026-12-07T12:00:00Z') }];
  const base = {
    openings,
    slotMinutes: 30,
    durationMinutes: 60,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    busy: [],
    notBefore: new Date('2026-12-01T00:00:00Z'),
    window: { start: new Date('2026-12-07T00:00:00Z'), end: new Date('2026-12-08T00:00:00Z') },
  };
  const starts = (slots: { start: Date }[]) => slots.map((slot) => slot.start.toISOString().slice(11, 16));

  it('lists the grid from the opening start, each slot wholly inside', () => {
    expect(starts(computeSlots(base))).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00']);
  });

  it('leaves out slots whose blocked range (with buffers) meets a booking', () => {
    const busy = [{ start: new Date('2026-12-07T10:30:00Z'), end: new Date('2026-12-07T11:00:00Z') }];
    expect(starts(computeSlots({ ...base, busy }))).toEqual(['09:00', '09:30', '11:00']);
    expect(starts(computeSlots({ ...base, busy, bufferAfterMinutes: 15 }))).toEqual(['09:00', '11:00']);
  });

  const at = (clock: string) => new Date(`2026-12-07T${clock}:00Z`);
  const quarterHourly = { ...base, slotMinutes: 15, durationMinutes: 30 };

  it('leaves out 10:30–11:00 after 10:00–10:30 with a 15-minute after-buffer, and what reaches that buffer', () => {
    // The booking blocks 10:00–10:45; each slot blocks itself and its own 15 minutes after.
    const busy = [{ start: at('10:00'), end: at('10:45') }];
    expect(starts(computeSlots({ ...quarterHourly, busy, bufferAfterMinutes: 15 }))).toEqual([
      '09:00',
      '09:15',
      '10:45',
      '11:00',
      '11:15',
      '11:30',
    ]);
  });

  it('leaves out 10:00–10:30 before 10:30–11:00 with a 15-minute before-buffer, and what starts in that buffer', () => {
    // The booking blocks 10:15–11:00; each slot blocks itself and its own 15 minutes before.
    const busy = [{ start: at('10:15'), end: at('11:00') }];
    expect(starts(computeSlots({ ...quarterHourly, busy, bufferBeforeMinutes: 15 }))).toEqual([
      '09:00',
      '09:15',
      '09:30',
      '09:45',
      '11:15',
      '11:30',
    ]);
  });

  it('leaves out slots inside the notice window, staying on the grid', () => {
    const notBefore = new Date('2026-12-07T09:40:00Z');
    expect(starts(computeSlots({ ...base, notBefore }))).toEqual(['10:00', '10:30', '11:00']);
  });

  it('copes with nested busy ranges', () => {
    const busy = [
      { start: new Date('2026-12-07T08:00:00Z'), end: new Date('2026-12-07T10:00:00Z') },
      { start: new Date('2026-12-07T08:30:00Z'), end: new Date('2026-12-07T08:45:00Z') },
    ];
    expect(starts(computeSlots({ ...base, busy }))).toEqual(['10:00', '10:30', '11:00']);
  });
});
