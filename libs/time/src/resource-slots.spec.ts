import { resourceSlots, type ResourceSlotsQuery } from './resource-slots';
import { formatLocal } from './resolve-instant';

const provider: ResourceSlotsQuery['resource'] = {
  timeZone: 'America/New_York',
  businessHours: {
    weekly: Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((day) => [day, [['09:00', '17:00']]])),
  },
  slotMinutes: 30,
  minNoticeMinutes: 0,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
};

const base: ResourceSlotsQuery = {
  resource: provider,
  fromDate: '2026-03-08',
  toDate: '2026-03-08',
  viewerTimeZone: 'America/New_York',
  durationMinutes: 30,
  busy: [],
  now: new Date('2026-01-01T00:00:00Z'),
};

describe('resourceSlots', () => {
  it.each([
    ['2026-03-07', '14:00'],
    ['2026-03-08', '13:00'],
    ['2026-11-01', '14:00'],
    ['2026-10-31', '13:00'],
  ])('gives 16 half-hour slots for 09:00–17:00 New York on %s, the first at %sZ', (date, firstUtc) => {
    const slots = resourceSlots({ ...base, fromDate: date, toDate: date });
    expect(slots).toHaveLength(16);
    expect(slots[0]!.start.toISOString().slice(11, 16)).toBe(firstUtc);
    expect(formatLocal(slots[0]!.start, 'America/New_York').slice(11, 16)).toBe('09:00');
    expect(formatLocal(slots[15]!.end, 'America/New_York').slice(11, 16)).toBe('17:00');
  });

  it('reads the days in the viewer’s zone: a Tokyo date spans two New York business days', () => {
    // 2026-03-09 in Tokyo is 2026-03-08T15:00Z – 2026-03-09T15:00Z.
    const slots = resourceSlots({
      ...base,
      fromDate: '2026-03-09',
      toDate: '2026-03-09',
      viewerTimeZone: 'Asia/Tokyo',
    });
    const starts = slots.map((slot) => slot.start.toISOString().slice(0, 16));
    expect(starts[0]).toBe('2026-03-08T15:00'); // 00:00 in Tokyo, 11:00 EDT on Mar 8
    expect(starts.at(-1)).toBe('2026-03-09T14:30'); // 10:30 EDT on Mar 9
    expect(starts).toHaveLength(12 + 4);
  });

  it('shifts the UTC times by an hour across the change, viewed from Tokyo over the whole week', () => {
    const slots = resourceSlots({
      ...base,
      fromDate: '2026-03-05',
      toDate: '2026-03-12',
      viewerTimeZone: 'Asia/Tokyo',
    });
    const firstOfEachNewYorkDay = new Map<string, string>();
    for (const slot of slots) {
      const day = formatLocal(slot.start, 'America/New_York').slice(0, 10);
      if (!firstOfEachNewYorkDay.has(day))
        firstOfEachNewYorkDay.set(day, slot.start.toISOString().slice(11, 16));
    }
    expect(firstOfEachNewYorkDay.get('2026-03-07')).toBe('14:00');
    expect(firstOfEachNewYorkDay.get('2026-03-08')).toBe('13:00');
    expect(firstOfEachNewYorkDay.get('2026-03-09')).toBe('13:00');
    expect(slots.map((slot) => formatLocal(slot.start, 'Asia/Tokyo'))).toContain('2026-03-09T22:00:00+09:00');
  });

  it('walks a round-the-clock resource on the duration grid from the resource’s midnight', () => {
    // Kolkata is +05:30, so its grid of 2 h from midnight (18:30Z, 20:30Z, …) is not the UTC one.
    const slots = resourceSlots({
      ...base,
      resource: { ...provider, timeZone: 'Asia/Kolkata', businessHours: null, slotMinutes: null },
      durationMinutes: 120,
      viewerTimeZone: 'UTC',
      fromDate: '2026-06-01',
      toDate: '2026-06-01',
    });
    // Every start of the UTC day, on Kolkata's grid: 00:30Z is 06:00 there; a UTC grid would start at 00:00.
    expect(slots.map((slot) => slot.start.toISOString().slice(11, 16))).toEqual(
      Array.from({ length: 12 }, (_, i) => `${String(2 * i).padStart(2, '0')}:30`),
    );
  });
});
