import { Readiness } from './readiness';

describe('Readiness', () => {
  it('is ready when every check answers', async () => {
    const readiness = new Readiness();
    readiness.register('database', async () => 'ok');
    expect(await readiness.report()).toEqual({ status: 'ready', checks: { database: 'up' } });
  });

  it('names the failing check and what it said', async () => {
    const readiness = new Readiness();
    readiness.register('database', async () => 'ok');
    readiness.register('kafka', async () => {
      throw new Error('connection refused');
    });
    expect(await readiness.report()).toEqual({
      status: 'not_ready',
      checks: { database: 'up', kafka: 'connection refused' },
    });
  });

  it('reports a failing check that does not gate, and stays ready', async () => {
    const readiness = new Readiness();
    readiness.register('database', async () => 'ok');
    readiness.register('kafka', () => Promise.reject(new Error('no brokers')), { gating: false });
    expect(await readiness.report()).toEqual({
      status: 'ready',
      checks: { database: 'up', kafka: 'no brokers' },
    });
  });

  it('does not wait forever for a check that hangs', async () => {
    const readiness = new Readiness();
    readiness.register('redis', () => new Promise(() => undefined));
    expect(await readiness.report(50)).toEqual({
      status: 'not_ready',
      checks: { redis: 'no answer within 50 ms' },
    });
  });

  it('reports not ready as soon as shutdown begins', async () => {
    const readiness = new Readiness();
    readiness.register('database', async () => 'ok');
    readiness.markShuttingDown();
    expect((await readiness.report()).status).toBe('not_ready');
  });
});
