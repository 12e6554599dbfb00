import { TopicCollector, expectEventually, uniqueName } from '@booking/testing';
import { createOutboxFixture, type OutboxFixture } from '../test/outbox-fixture';

describe('outbox relay with three instances at once', () => {
  let fixture: OutboxFixture;
  let collector: TopicCollector;

  beforeAll(async () => {
    fixture = await createOutboxFixture('relay3');
    collector = await new TopicCollector(fixture.kafka, uniqueName('collector')).start([fixture.topic]);
  });

  afterAll(async () => {
    await collector.stop();
    await fixture.close();
  });

  it('publishes all 10,000 committed events, none rolled back, each key in commit order', async () => {
    await Promise.all([fixture.startRelay(), fixture.startRelay(), fixture.startRelay()]);
    const keys = Array.from({ length: 200 }, (_, i) => `booking-${i}`);
    const committed = new Set<string>();
    const rolledBack = new Set<string>();
    let written = 0;
    const writerLoop = async () => {
      while (written < 10_000) {
        const key = keys[Math.floor(Math.random() * keys.length)]!;
        const count = Math.min(10_000 - written, 1 + Math.floor(Math.random() * 2));
        const rollback = Math.random() < 0.15;
        if (!rollback) written += count;
        const ids = await fixture.writeEvents(key, count, { rollback });
        ids.forEach((id) => (rollback ? rolledBack : committed).add(id));
      }
    };
    await Promise.all(Array.from({ length: 16 }, writerLoop));
    expect(committed.size).toBe(10_000);
    expect(rolledBack.size).toBeGreaterThan(500);

    const arrived = await expectEventually(
      () => {
        const events = collector.distinct();
        expect(events.length).toBeGreaterThanOrEqual(10_000);
        return events;
      },
      { timeoutMs: 90_000, intervalMs: 250 },
    );

    expect(new Set(arrived.map((event) => event.id))).toEqual(committed);
    expect(arrived.filter((event) => rolledBack.has(event.id))).toEqual([]);
    const seqsByKey = new Map<string, number[]>();
    for (const event of arrived) {
      const { key, seq } = event.data as { key: string; seq: number };
      seqsByKey.set(key, [...(seqsByKey.get(key) ?? []), seq]);
    }
    // The key's counter commits with its events, so commit order is 1, 2, 3 … with no gaps.
    for (const seqs of seqsByKey.values()) {
      expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    }
    const keyMismatches = collector.received.filter(({ event, key }) => key !== event.subject);
    expect(keyMismatches).toEqual([]);
  });
});
