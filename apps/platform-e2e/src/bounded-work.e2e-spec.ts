import { setTimeout as sleep } from 'node:timers/promises';
import { Client, platformForSuite, readJson, type Json } from './fixtures';
import type { RunningPlatform } from './platform';

/**
 * Requests an attacker or a careless client can send, each of which used to cost seconds of CPU,
 * hundreds of megabytes or a 500. Each must be refused quickly while the service stays responsive.
 */
describe('bounded work per request', () => {
  const suite = platformForSuite('2026-12-01T00:00:00Z');
  let platform: RunningPlatform;
  let customer: Client;
  let court: Json;
  beforeAll(async () => {
    platform = suite.platform;
    customer = await Client.as(platform, 'customer');
    court = await suite.admin.createResource({
      name: 'Court 9',
      kind: 'court',
      city: 'NYC',
      timeZone: 'America/New_York',
      depositAmount: 0,
      currency: 'USD',
    });
    // Warm: the first request of a path compiles its code, which is not what is measured here.
    await fetch(`${platform.serviceUrls.booking}/health/live`);
    await series({ start: '2026-12-10T10:00:00', end: '2026-12-10T11:00:00', rrule: 'FREQ=DAILY;COUNT=2' })();
  });

  /**
   * The answer, how long it took and the CPU it cost, with the booking service's liveness probed
   * meanwhile. Bounds are far above the few milliseconds measured and far below the seconds
   * these requests used to cost, so a busy CI core cannot make them fail.
   */
  async function timed(send: () => Promise<Response>) {
    const probes: number[] = [];
    let done = false;
    const probing = (async () => {
      while (!done) {
        const started = performance.now();
        await fetch(`${platform.serviceUrls.booking}/health/live`);
        probes.push(performance.now() - started);
        await sleep(5);
      }
    })();
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const response = await send();
    const body = await readJson(response);
    const elapsedMs = performance.now() - started;
    // The whole platform runs in this process: its CPU is the services' (and these probes').
    const cpu = process.cpuUsage(cpuBefore);
    done = true;
    await probing;
    return {
      status: response.status,
      code: body['code'] as string,
      elapsedMs,
      cpuMs: (cpu.user + cpu.system) / 1_000,
      slowestProbeMs: Math.max(...probes),
    };
  }

  const series = (body: Json) => () =>
    customer.hold({ resourceId: court['resourceId'], timeZone: 'America/New_York', ...body });

  it('refuses a rule that never matches (February 30) with invalid_rrule at once', async () => {
    const answer = await timed(
      series({
        start: '2026-12-09T10:00:00',
        end: '2026-12-09T11:00:00',
        rrule: 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
      }),
    );
    expect(answer).toMatchObject({ status: 422, code: 'invalid_rrule' });
    // Unbounded, rrule.js walked this day by day to year 9999: ~12 s of CPU.
    expect(answer.elapsedMs).toBeLessThan(1_000);
    expect(answer.cpuMs).toBeLessThan(1_000);
    expect(answer.slowestProbeMs).toBeLessThan(250);
  });

  it('refuses a daily series from year 1000 as in the past, before expanding it', async () => {
    const answer = await timed(
      series({ start: '1000-01-01T10:00:00', end: '1000-01-01T11:00:00', rrule: 'FREQ=DAILY' }),
    );
    expect(answer).toMatchObject({ status: 422, code: 'too_short_notice' });
    expect(answer.elapsedMs).toBeLessThan(1_000);
    expect(answer.cpuMs).toBeLessThan(1_000);
    expect(answer.slowestProbeMs).toBeLessThan(250);
  });

  it('refuses a start beyond the two-year booking horizon with validation_failed', async () => {
    const single = await customer.hold({
      resourceId: court['resourceId'],
      start: '2028-12-02T10:00:00Z',
      end: '2028-12-02T11:00:00Z',
    });
    expect(single.status).toBe(400);
    expect((await readJson(single))['errors']).toEqual([
      { path: '/start', message: 'more than 730 days ahead' },
    ]);
  });

  it('refuses a slot window longer than 31 days with validation_failed', async () => {
    const answer = await timed(() =>
      customer.send(
        'GET',
        `/v1/resources/${court['resourceId']}/slots?from=2026-12-01&to=2027-03-01&durationMinutes=5`,
      ),
    );
    expect(answer).toMatchObject({ status: 400, code: 'validation_failed' });
    const longest = await customer.send(
      'GET',
      `/v1/resources/${court['resourceId']}/slots?from=2026-12-01&to=2026-12-31&durationMinutes=5`,
    );
    expect(longest.status).toBe(200);
    // Every 5 minutes of 31 days, but for the two hours the warm-up series holds.
    expect(((await readJson(longest))['data'] as Json[]).length).toBe(31 * 288 - 2 * 12);
  });

  it('refuses JSON nested deeper than 32 levels with validation_failed, not a 500', async () => {
    const deep = `{"resourceId":${'['.repeat(500_000)}${']'.repeat(500_000)}}`;
    const answer = await timed(() =>
      platform.request('/v1/bookings', {
        method: 'POST',
        body: deep,
        headers: { 'content-type': 'application/json', authorization: customer.authorization },
      }),
    );
    expect(answer).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('answers a body without a token 401 before reading it', async () => {
    const response = await platform.request('/v1/bookings', {
      method: 'POST',
      body: '{"resourceId":'.padEnd(900_000, ' ') + '"x"}',
      headers: { 'content-type': 'application/json', 'x-request-id': 'before-body-1' },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('x-request-id')).toBe('before-body-1');
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect((await readJson(response))['code']).toBe('unauthorized');
  });

  it('answers an empty JSON body with invalid_json', async () => {
    const response = await platform.request('/v1/bookings', {
      method: 'POST',
      body: '',
      headers: { 'content-type': 'application/json', authorization: customer.authorization },
    });
    expect(response.status).toBe(400);
    expect((await readJson(response))['code']).toBe('invalid_json');
  });

  it.each([
    ['a month 13', '/v1/bookings?from=2026-13-01T00:00:00Z'],
    ['February 30', '/v1/bookings?from=2026-02-30T00:00:00Z'],
    ['an offset of +25:00', '/v1/bookings?from=2026-02-01T00:00:00%2B25:00'],
  ])('answers an instant with %s with validation_failed', async (_what, path) => {
    const response = await customer.send('GET', path);
    expect([response.status, (await readJson(response))['code']]).toEqual([400, 'validation_failed']);
  });

  it('refuses a start with an offset of +25:00 with validation_failed', async () => {
    const response = await customer.hold({
      resourceId: court['resourceId'],
      start: '2026-12-09T10:00:00+25:00',
      end: '2026-12-09T11:00:00+25:00',
    });
    expect([response.status, (await readJson(response))['code']]).toEqual([400, 'validation_failed']);
  });

  it('refuses a business-hours override on a date that does not exist', async () => {
    const response = await suite.admin.send('PATCH', `/v1/resources/${court['resourceId']}`, {
      businessHours: { weekly: { 3: [['09:00', '17:00']] }, overrides: { '2027-02-30': [] } },
    });
    expect([response.status, (await readJson(response))['code']]).toEqual([400, 'validation_failed']);
  });

  it.each([
    [
      'a path parameter of 2,000 characters',
      'GET',
      `/v1/bookings/${'a'.repeat(2_000)}`,
      400,
      'validation_failed',
    ],
    ['an unknown route', 'GET', '/v1/nothing-here', 404, 'not_found'],
    ['a body that is not JSON', 'POST', '/v1/bookings', 415, 'unsupported_media_type'],
  ])(
    'answers %s with problem+json and the request id, as the router refused it',
    async (_what, method, path, status, code) => {
      const response = await platform.request(path, {
        method,
        headers: {
          authorization: customer.authorization,
          'x-request-id': 'framework-1',
          'content-type': 'text/plain',
        },
        ...(method === 'POST' ? { body: 'hello' } : {}),
      });
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      expect(response.headers.get('x-request-id')).toBe('framework-1');
      const problem = await readJson(response);
      expect([response.status, problem['status'], problem['code']]).toEqual([status, status, code]);
    },
  );
});
