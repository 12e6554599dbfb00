import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { KafkaPublisher, type OutgoingMessage } from '@booking/kafka';
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

  // Its own time limit: it ran past the default 120 s on a CI machine whose other worker ran the proof.
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
  }, 300_000);
});

describe('outbox relay at start', () => {
  const suite = relaySuite('relaystart');

  it('connects its producer before the first event, so that event does not wait for the handshake', async () => {
    const kafka = new KafkaPublisher(suite.fixture.kafka);
    const calls: string[] = [];
    await suite.fixture.startRelay({
      publisher: {
        connect: () => kafka.connect().then(() => void calls.push('connected')),
        publish: (messages: OutgoingMessage[]) => {
          calls.push('publish');
          return kafka.publish(messages);
        },
      },
    });
    await expectEventually(() => expect(calls).toEqual(['connected']));
    const [id] = await suite.fixture.writeEvents('first-after-start', 1);
    await expectEventually(() => expect(suite.collector.distinct().map((event) => event.id)).toEqual([id]));
    expect(calls).toEqual(['connected', 'publish']);
    await kafka.disconnect();
  });
});

/** Counts the notifications on the outbox channel from now on, on a connection of its own. */
async function countNotifications(url: string): Promise<{ count: () => number; stop: () => Promise<void> }> {
  const listener = new Client({ connectionString: url });
  let count = 0;
  listener.on('notification', () => (count += 1));
  await listener.connect();
  await listener.query(`LISTEN ${OUTBOX_CHANNEL}`);
  return { count: () => count, stop: () => listener.end() };
}

describe('outbox writer and the quiet lease', () => {
  const suite = relaySuite('quietlease');

  it('notifies at each commit unless a quiet lease runs, and again once it has run out', async () => {
    const notifications = await countNotifications(suite.fixture.db.url);
    const setLease = (until: string) =>
      suite.fixture.db.pool.query(`UPDATE outbox_quiet SET until = ${until}`);
    try {
      await suite.fixture.writeEvents('quiet-1', 1);
      await expectEventually(() => expect(notifications.count()).toBe(1));
      await setLease(`clock_timestamp() + interval '1 hour'`);
      await suite.fixture.writeEvents('quiet-2', 3);
      await suite.fixture.writeEvents('quiet-3', 1);
      // A notification comes within milliseconds; none has in this long.
      await sleep(500);
      expect(notifications.count()).toBe(1);
      await setLease(`clock_timestamp() - interval '1 millisecond'`);
      await suite.fixture.writeEvents('quiet-4', 1);
      await expectEventually(() => expect(notifications.count()).toBe(2));
      // All were written all the same: the lease only decides about the notification.
      const { rows } = await suite.fixture.db.pool.query<{ n: string }>('SELECT count(*) AS n FROM outbox');
      expect(Number(rows[0]!.n)).toBe(6);
    } finally {
      await notifications.stop();
    }
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

  async function quietLeaseLive(): Promise<boolean> {
    const { rows } = await suite.fixture.db.pool.query<{ live: boolean }>(
      'SELECT until > clock_timestamp() AS live FROM outbox_quiet',
    );
    return rows[0]!.live;
  }

  it('stops listening while commits outpace drains, with writers no longer notifying, and listens again once they stop', async () => {
    // No poll to fall back on within the test: only notifications and busy drains move events.
    await suite.fixture.startRelay({ pollIntervalMs: 600_000, busyDrainSize: 5 });
    const notifications = await countNotifications(suite.fixture.db.url);
    const seen = new Set<string>();
    let leaseSeen = false;
    let writing = true;
    const sampler = (async () => {
      while (writing) {
        (await listenerState()).forEach((state) => seen.add(state));
        leaseSeen ||= await quietLeaseLive();
        await sleep(5);
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
    expect(leaseSeen).toBe(true);
    // Without the lease each of the 800 commits notifies (none of them writes two events).
    expect(notifications.count()).toBeLessThan(800);
    await notifications.stop();
    await expectEventually(async () => expect(await quietLeaseLive()).toBe(false));

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
