import { eventsOutOfPlace } from './invariants';

describe('eventsOutOfPlace', () => {
  const arrived = (id: string, key: string, partition = 0) => ({ event: { id }, key, partition });

  it('accepts redeliveries, and finds what is missing, reordered or split over partitions', () => {
    const written = [
      { event_id: 'a1', message_key: 'a' },
      { event_id: 'a2', message_key: 'a' },
      { event_id: 'b1', message_key: 'b' },
    ];
    expect(
      eventsOutOfPlace(written, [
        arrived('a1', 'a'),
        arrived('a1', 'a'),
        arrived('a2', 'a'),
        arrived('b1', 'b'),
      ]),
    ).toEqual([]);
    expect(
      eventsOutOfPlace(written, [arrived('a2', 'a'), arrived('a1', 'a'), arrived('b1', 'b', 1)]),
    ).toEqual(['event a2 of a arrived before an earlier one']);
    expect(eventsOutOfPlace(written, [arrived('a1', 'a'), arrived('a2', 'a', 3)])).toEqual([
      'event b1 of b marked published, never received',
      "a's events on partitions 0, 3",
    ]);
  });
});
