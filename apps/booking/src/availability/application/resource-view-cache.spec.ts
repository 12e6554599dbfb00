import { ResourceViewCache, type ResourceViewJson } from './resource-view-cache';

const view = (resourceId: string, version: string): ResourceViewJson => ({
  resourceId,
  version,
  json: `{"resourceId":"${resourceId}","v":${version}}`,
});

/** A loader over a table of current rows that records what it was asked for. */
function table(rows: ResourceViewJson[]) {
  const current = new Map(rows.map((row) => [row.resourceId, row]));
  const calls: string[][] = [];
  return {
    current,
    calls,
    load: async (ids: string[]) => {
      calls.push(ids);
      return ids.flatMap((id) => (current.has(id) ? [current.get(id)!] : []));
    },
  };
}

describe('ResourceViewCache', () => {
  it('loads the views it lacks in one call, then answers from memory in the order found', async () => {
    const db = table([view('a', '1'), view('b', '1'), view('c', '1')]);
    const cache = new ResourceViewCache(10);
    const found = [
      { resourceId: 'c', version: '1' },
      { resourceId: 'a', version: '1' },
    ];
    expect(await cache.viewsOf(found, db.load)).toEqual([view('c', '1').json, view('a', '1').json]);
    expect(await cache.viewsOf([...found, { resourceId: 'b', version: '1' }], db.load)).toEqual([
      view('c', '1').json,
      view('a', '1').json,
      view('b', '1').json,
    ]);
    expect(db.calls).toEqual([['c', 'a'], ['b']]);
  });

  it('never shows a view made from another row version', async () => {
    const db = table([view('a', '1')]);
    const cache = new ResourceViewCache(10);
    await cache.viewsOf([{ resourceId: 'a', version: '1' }], db.load);
    db.current.set('a', view('a', '2'));
    expect(await cache.viewsOf([{ resourceId: 'a', version: '2' }], db.load)).toEqual([view('a', '2').json]);
    expect(db.calls).toEqual([['a'], ['a']]);
  });

  it('shows a resource as it is now when it changed between the search and the load, and leaves out one that is gone', async () => {
    const db = table([view('a', '3')]);
    const cache = new ResourceViewCache(10);
    const found = [
      { resourceId: 'a', version: '2' },
      { resourceId: 'gone', version: '1' },
    ];
    expect(await cache.viewsOf(found, db.load)).toEqual([view('a', '3').json]);
    db.current.delete('a');
    expect(await cache.viewsOf([{ resourceId: 'a', version: '4' }], db.load)).toEqual([]);
  });

  it('answers a whole page even when the page is larger than its capacity', async () => {
    const db = table([view('a', '1'), view('b', '1'), view('c', '1')]);
    const cache = new ResourceViewCache(1);
    const found = ['a', 'b', 'c'].map((resourceId) => ({ resourceId, version: '1' }));
    expect(await cache.viewsOf(found, db.load)).toEqual(['a', 'b', 'c'].map((id) => view(id, '1').json));
    expect(cache.size).toBe(1);
  });

  it('keeps at most its capacity, dropping the least recently used first', async () => {
    const db = table([view('a', '1'), view('b', '1'), view('c', '1')]);
    const cache = new ResourceViewCache(2);
    await cache.viewsOf([{ resourceId: 'a', version: '1' }], db.load);
    await cache.viewsOf([{ resourceId: 'b', version: '1' }], db.load);
    await cache.viewsOf([{ resourceId: 'a', version: '1' }], db.load);
    await cache.viewsOf([{ resourceId: 'c', version: '1' }], db.load);
    expect(cache.size).toBe(2);
    db.calls.length = 0;
    await cache.viewsOf(
      [
        { resourceId: 'a', version: '1' },
        { resourceId: 'b', version: '1' },
      ],
      db.load,
    );
    expect(db.calls).toEqual([['b']]);
  });
});
