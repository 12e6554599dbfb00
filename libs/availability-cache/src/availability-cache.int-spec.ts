import Redis from 'ioredis';
import { testRun, uniqueName } from '@booking/testing';
import { AvailabilityCacheStore } from './availability-cache-store';
import { PageMirror } from './page-mirror';

describe('AvailabilityCacheStore and PageMirror (real Redis)', () => {
  let redis: Redis;
  let store: AvailabilityCacheStore;
  const parts = ['car', '2027-01-02T06%3A00%3A00.000Z', '2027-01-02T18%3A00%3A00.000Z', '', '50'];

  beforeAll(() => {
    redis = new Redis(testRun().redisUrl, { keyPrefix: `${uniqueName('mirror')}:` });
    store = new AvailabilityCacheStore(redis);
  });
  afterAll(() => redis.quit());

  /** What the booking service does after a miss: write under the version the read saw. */
  async function put(city: string, json: string): Promise<void> {
    const { version } = await store.read(city, parts);
    await store.write(city, version, parts, json);
  }

  it('drops a page computed across a booking change: it was written under the old version', async () => {
    const { version, page } = await store.read('Da Nang', parts);
    expect(page).toBeNull();
    await store.invalidate('Da Nang');
    expect(await store.write('Da Nang', version, parts, '{"items":["computed before the change"]}')).toBe(
      false,
    );
    expect((await store.read('Da Nang', parts)).page).toBeNull();
    expect(await new PageMirror(store).read('Da Nang', parts)).toBeNull();
  });

  it('never stores a page under a version that is not yet the current one', async () => {
    const { version } = await store.read('Can Tho', parts);
    const next = String(Number(version) + 1);
    expect(await store.write('Can Tho', next, parts, '{"items":["planted"]}')).toBe(false);
    await store.invalidate('Can Tho');
    expect((await store.read('Can Tho', parts)).version).toBe(next);
    expect((await store.read('Can Tho', parts)).page).toBeNull();
  });

  it('answers from its copy while the version holds, and sees an invalidation at once', async () => {
    let now = 1_000_000;
    const mirror = new PageMirror(store, 10, () => now);
    expect(await mirror.read('Hanoi', parts)).toBeNull();

    await put('Hanoi', '{"items":["first"]}');
    expect((await mirror.read('Hanoi', parts))?.toString()).toBe('{"items":["first"]}');
    // Overwritten in Redis under the same version: the copy is what answers.
    await put('Hanoi', '{"items":["same version, other bytes"]}');
    expect((await mirror.read('Hanoi', parts))?.toString()).toBe('{"items":["first"]}');

    await store.invalidate('Hanoi');
    expect(await mirror.read('Hanoi', parts)).toBeNull();
    await put('Hanoi', '{"items":["after the change"]}');
    expect((await mirror.read('Hanoi', parts))?.toString()).toBe('{"items":["after the change"]}');

    // A copy lives no longer than the page had left in Redis (60 s).
    await put('Hanoi', '{"items":["refreshed"]}');
    now += 61_000;
    expect((await mirror.read('Hanoi', parts))?.toString()).toBe('{"items":["refreshed"]}');
  });

  it('holds at most its capacity, forgetting the oldest first', async () => {
    const mirror = new PageMirror(store, 2);
    const cities = ['Hue', 'Vinh', 'Hoi An'];
    for (const city of cities) await put(city, `{"city":"${city}"}`);
    for (const city of cities) await mirror.read(city, parts);
    // Hue's copy was dropped for Hoi An's: a change in Redis under the same version now shows.
    await put('Hue', '{"city":"Hue, rewritten"}');
    await put('Hoi An', '{"city":"Hoi An, rewritten"}');
    expect((await mirror.read('Hue', parts))?.toString()).toBe('{"city":"Hue, rewritten"}');
    expect((await mirror.read('Hoi An', parts))?.toString()).toBe('{"city":"Hoi An"}');
  });
});
