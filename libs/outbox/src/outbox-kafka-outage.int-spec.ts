import { setTimeout as sleep } from 'node:timers/promises';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { TopicCollector, expectEventually, uniqueName } from '@booking/testing';
import { CACHE_DIR, freePort, startKafkaBroker, stopKafkaBroker } from '@booking/local-infra';
import { createOutboxFixture, type OutboxFixture } from '../test/outbox-fixture';

/** This test stops its broker, so it runs one of its own rather than the shared one. */
describe('Kafka stopped for 30 s while events are written', () => {
  const brokerName = uniqueName('outage-broker');
  let fixture: OutboxFixture;
  let collector: TopicCollector;
  let port: number;
  let controllerPort: number;
  const relayErrors: unknown[] = [];

  beforeAll(async () => {
    port = await freePort();
    controllerPort = await freePort();
    await startKafkaBroker({ name: brokerName, port, controllerPort, heapMb: 384 });
    fixture = await createOutboxFixture('outage', [`127.0.0.1:${port}`]);
    collector = await new TopicCollector(fixture.kafka, uniqueName('collector')).start([fixture.topic]);
  });

  afterAll(async () => {
    await collector.stop();
    await fixture.close();
    await stopKafkaBroker(brokerName);
    rmSync(join(CACHE_DIR, 'kafka', brokerName), { recursive: true, force: true });
  });

  it('never fails the writer, and delivers everything once Kafka is back', async () => {
    await fixture.startRelay({ onError: (error) => relayErrors.push(error) });
    const before = await fixture.writeEvents('booking-before', 10);
    await expectEventually(() => expect(collector.distinct()).toHaveLength(10));

    await stopKafkaBroker(brokerName);
    const during: string[] = [];
    const outageEnds = Date.now() + 30_000;
    let round = 0;
    while (Date.now() < outageEnds) {
      during.push(...(await fixture.writeEvents(`booking-during-${round % 7}`, 5)));
      round += 1;
      await sleep(500);
    }
    // The relay really did find the broker gone.
    expect(relayErrors.length).toBeGreaterThan(0);
    expect(during.length).toBeGreaterThan(200);

    await startKafkaBroker({ name: brokerName, port, controllerPort, heapMb: 384 });
    const expected = [...before, ...during];
    await expectEventually(
      () => expect(new Set(collector.distinct().map((event) => event.id))).toEqual(new Set(expected)),
      { timeoutMs: 90_000, intervalMs: 500 },
    );
  });
});
