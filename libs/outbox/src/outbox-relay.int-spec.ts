import { TopicCollector, expectEventually, uniqueName } from '@booking/testing';
import { createOutboxFixture, type OutboxFixture } from '../test/outbox-fixture';
import { OUTBOX_CHANNEL } from './outbox-sql';

/** A database, topic and collector of its own for a describe block, made before and closed after it. */
function relaySuite(label: string): { fixture: OutboxFixture; collector: TopicCollector } {
  const suite = {} as { fixture: OutboxFixture; collector: TopicCollector };
  beforeAll(async () => {
    suite.fixture = await createOutboxFixture(label);
    suite.collector = await new TopicCollector(suite.fixture.kafka, uniqueName('collector')).start([
      suite.fixture.topic,
    ]);
  });
  afterAll(async () => {
    await suite.collector.stop();
    await suite.fixture.close();
  });
  return suite;
}

describe('outbox relay with three instances at once', () => {
  const suite = relaySuite('relay3');

  it('publishes all 10,000 committed events, none rolled back, each key in commit order', async () => {
    await Promise.all([suite.fixture.startRelay(), suite.fixture.startRelay(), suite.fixture.startRelay()]);
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
        const ids = await suite.fixture.writeEvents(key, count, { rollback });
        ids.forEach((id) => (rollback ? rolledBack : committed).add(id));
      }
    };
    await Promise.all(Array.from({ length: 16 }, writerLoop));
    expect(committed.size).toBe(10_000);
    expect(rolledBack.size).toBeGreaterThan(500);

    const arrived = await expectEventually(
      () => {
        const events = suite.collector.distinct();
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
    const keyMismatches = suite.collector.received.filter(({ event, key }) => key !== event.subject);
    expect(keyMismatches).toEqual([]);
  });
});

describe('outbox relay under load and after it', () => {
  const suite = relaySuite('relaybusy');

  /** What the relay's listening connection last said, as PostgreSQL shows it to anyone. */
  async function listenerState(): Promise<string[]> {
    const { rows } = await suite.fixture.db.pool.query<{ query: string }>(
      `SELECT query FROM pg_stat_activity WHERE datname = current_database() AND query LIKE '%LISTEN ${OUTBOX_CHANNEL}'`,
    );
    return rows.map((row) => row.query);
  }

  it('stops listening while commits outpace drains, and listens again once they stop', async () => {
    // No poll to fall back on within the test: only notifications and busy drains move events.
    await suite.fixture.startRelay({ pollIntervalMs: 600_000, busyDrainSize: 5 });
    const seen = new Set<string>();
    let writing = true;
    const sampler = (async () => {
      while (writing) {
        (await listenerState()).forEach((state) => seen.add(state));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const writerLoop = async (writer: number) => {
      for (let i = 0; i < 50; i++) await suite.fixture.writeEvents(`busy-${writer}`, 1);
    };
    await Promise.all(Array.from({ length: 16 }, (_, writer) => writerLoop(writer)));
    writing = false;
    await sampler;
    await expectEventually(() => expect(suite.collector.distinct()).toHaveLength(800), { timeoutMs: 30_000 });
    expect(seen).toContain(`UNLISTEN ${OUTBOX_CHANNEL}`);

    await expectEventually(async () => expect(await listenerState()).toEqual([`LISTEN ${OUTBOX_CHANNEL}`]));
    // A lone event now travels on its notification, long before the 10-minute poll.
    const [lone] = await suite.fixture.writeEvents('after-the-burst', 1);
    await expectEventually(
      () => expect(suite.collector.distinct().map((event) => event.id)).toContain(lone),
      {
        timeoutMs: 5_000,
      },
    );
  });
});
