import { bearer } from '@booking/testing';
import { Client, readJson } from './fixtures';
import { startPlatform, type RunningPlatform } from './platform';

interface Case {
  name: string;
  method?: string;
  path: string;
  /** A JSON value to send, or raw text with `raw`. */
  json?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  as?: 'customer' | 'admin';
}

function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i += 1) value = { inner: value };
  return value;
}

describe('malformed requests', () => {
  let platform: RunningPlatform;
  let resourceId: string;
  let freeResourceId: string;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    platform = await startPlatform({ now: '2026-01-05T00:00:00Z' });
    const admin = await Client.as(platform, 'admin');
    resourceId = (await admin.createResource())['resourceId'] as string;
    freeResourceId = (await admin.createResource({ depositAmount: 0 }))['resourceId'] as string;
    tokens['customer'] = await bearer('malformed-customer', 'customer');
    tokens['admin'] = await bearer('malformed-admin', 'admin');
  });

  afterAll(async () => {
    await platform.stop();
  });

  const hold = (overrides: Record<string, unknown>) => ({
    resourceId,
    start: '2026-02-01T10:00:00',
    end: '2026-02-01T12:00:00',
    ...overrides,
  });
  const json = { 'content-type': 'application/json' };

  const cases = (): Case[] => [
    { name: 'a body that is not JSON', path: '/v1/bookings', raw: '{"resourceId": ', headers: json },
    { name: 'a JSON array', path: '/v1/bookings', json: [hold({})] },
    { name: 'a JSON string', path: '/v1/bookings', json: 'hold please' },
    { name: 'JSON null', path: '/v1/bookings', raw: 'null', headers: json },
    { name: 'a JSON number', path: '/v1/bookings', raw: '42', headers: json },
    { name: 'an empty object', path: '/v1/bookings', json: {} },
    { name: 'no resourceId', path: '/v1/bookings', json: hold({ resourceId: undefined }) },
    { name: 'a numeric resourceId', path: '/v1/bookings', json: hold({ resourceId: 12 }) },
    {
      name: 'an unknown resourceId',
      path: '/v1/bookings',
      json: hold({ resourceId: '0b6f1c2e-9d1a-4c4e-8f00-000000000000' }),
    },
    { name: 'a SQL-looking resourceId', path: '/v1/bookings', json: hold({ resourceId: "' OR '1'='1' --" }) },
    { name: 'an overlong resourceId', path: '/v1/bookings', json: hold({ resourceId: 'x'.repeat(300) }) },
    { name: 'no start', path: '/v1/bookings', json: hold({ start: undefined }) },
    { name: 'a numeric start', path: '/v1/bookings', json: hold({ start: 1_767_000_000 }) },
    { name: 'a start in words', path: '/v1/bookings', json: hold({ start: 'tomorrow at ten' }) },
    { name: 'February 30th', path: '/v1/bookings', json: hold({ start: '2026-02-30T10:00:00' }) },
    { name: 'hour 25', path: '/v1/bookings', json: hold({ end: '2026-02-01T25:00:00Z' }) },
    {
      name: 'a SQL-looking start',
      path: '/v1/bookings',
      json: hold({ start: "2026-02-01T10:00:00'; DROP TABLE booking; --" }),
    },
    { name: 'an unknown zone', path: '/v1/bookings', json: hold({ timeZone: 'Mars/Phobos' }) },
    { name: 'an offset as a zone', path: '/v1/bookings', json: hold({ timeZone: 'UTC+8' }) },
    { name: 'a numeric zone', path: '/v1/bookings', json: hold({ timeZone: 7 }) },
    { name: 'an unknown disambiguation', path: '/v1/bookings', json: hold({ disambiguation: 'middle' }) },
    { name: 'an unknown field', path: '/v1/bookings', json: hold({ price: 1 }) },
    { name: 'a customerId in the body', path: '/v1/bookings', json: hold({ customerId: 'someone-else' }) },
    { name: 'a bad email', path: '/v1/bookings', json: hold({ contact: { email: 'not-an-email' } }) },
    { name: 'a bad phone', path: '/v1/bookings', json: hold({ contact: { phone: '12345' } }) },
    {
      name: 'an unknown contact field',
      path: '/v1/bookings',
      json: hold({ contact: { fax: '+8412345678' } }),
    },
    { name: 'a bad locale', path: '/v1/bookings', json: hold({ contact: { locale: '??' } }) },
    { name: 'a body over 1 MiB', path: '/v1/bookings', json: hold({ padding: 'x'.repeat(1_100_000) }) },
    {
      name: 'text/plain',
      path: '/v1/bookings',
      raw: 'resourceId=1',
      headers: { 'content-type': 'text/plain' },
    },
    {
      name: 'a form',
      path: '/v1/bookings',
      raw: 'resourceId=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    },
    { name: 'a NUL character', path: '/v1/bookings', json: hold({ timeZone: 'Asia/Ho_Chi_Minh\u0000' }) },
    {
      name: 'a __proto__ key',
      path: '/v1/bookings',
      raw: `{"__proto__": {"admin": true}, "resourceId": "${'x'}"}`,
      headers: json,
    },
    {
      name: 'a constructor.prototype key',
      path: '/v1/bookings',
      raw: '{"constructor": {"prototype": {"x": 1}}}',
      headers: json,
    },
    { name: 'JSON nested 2,000 deep', path: '/v1/bookings', json: hold({ resourceId: nested(2_000) }) },
    {
      name: 'an Idempotency-Key of 300 characters',
      path: '/v1/bookings',
      json: hold({}),
      headers: { 'idempotency-key': 'k'.repeat(300) },
    },
    {
      name: 'an Idempotency-Key with spaces',
      path: '/v1/bookings',
      json: hold({}),
      headers: { 'idempotency-key': 'a b c' },
    },
    { name: 'an end before the start', path: '/v1/bookings', json: hold({ end: '2026-02-01T09:00:00' }) },
    { name: 'a booking of 200 days', path: '/v1/bookings', json: hold({ end: '2026-08-20T10:00:00' }) },
    {
      name: 'a start in the past',
      path: '/v1/bookings',
      json: hold({ start: '2025-12-01T10:00:00Z', end: '2025-12-01T12:00:00Z' }),
    },
    { name: 'an rrule', path: '/v1/bookings', json: hold({ rrule: 'FREQ=SECONDLY' }) },
    { name: 'a hold by an admin', path: '/v1/bookings', json: hold({}), as: 'admin' },
    { name: 'limit 0', method: 'GET', path: '/v1/bookings?limit=0' },
    { name: 'limit in words', method: 'GET', path: '/v1/bookings?limit=ten' },
    { name: 'limit 201', method: 'GET', path: '/v1/bookings?limit=201' },
    { name: 'an unknown status', method: 'GET', path: '/v1/bookings?status=PENDING' },
    { name: 'from in words', method: 'GET', path: '/v1/bookings?from=yesterday' },
    { name: 'a forged cursor', method: 'GET', path: '/v1/bookings?cursor=eyJzdGFydCI6MX0' },
    { name: 'an unknown query parameter', method: 'GET', path: '/v1/bookings?sort=price' },
    {
      name: 'to before from',
      method: 'GET',
      path: '/v1/bookings?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z',
    },
    { name: 'a NUL in the query', method: 'GET', path: '/v1/bookings?status=HOLD%00' },
    { name: 'a booking id that is not one', method: 'GET', path: '/v1/bookings/not-a-uuid' },
    {
      name: 'a SQL-looking booking id',
      method: 'GET',
      path: `/v1/bookings/${encodeURIComponent("1' OR '1'='1")}`,
    },
    {
      name: 'an unknown booking id',
      method: 'GET',
      path: '/v1/bookings/00000000-0000-4000-8000-000000000000',
    },
    {
      name: 'a cancel of nothing',
      path: '/v1/bookings/00000000-0000-4000-8000-000000000000/cancel',
      json: {},
    },
    {
      name: 'a numeric cancel reason',
      path: '/v1/bookings/00000000-0000-4000-8000-000000000000/cancel',
      json: { reason: 5 },
    },
    {
      name: 'a search without a city',
      method: 'GET',
      path: '/v1/availability?kind=car&from=2026-02-01T00:00:00Z&to=2026-02-02T00:00:00Z',
    },
    {
      name: 'a search from nowhen',
      method: 'GET',
      path: '/v1/availability?city=HN&kind=car&from=soon&to=2026-02-02T00:00:00Z',
    },
    {
      name: 'a search backwards',
      method: 'GET',
      path: '/v1/availability?city=HN&kind=car&from=2026-02-02T00:00:00Z&to=2026-02-01T00:00:00Z',
    },
    {
      name: 'a search of two years',
      method: 'GET',
      path: '/v1/availability?city=HN&kind=car&from=2026-02-01T00:00:00Z&to=2028-02-01T00:00:00Z',
    },
    {
      name: 'a search with limit -1',
      method: 'GET',
      path: '/v1/availability?city=HN&kind=car&from=2026-02-01T00:00:00Z&to=2026-02-02T00:00:00Z&limit=-1',
    },
    { name: 'a resource by a customer', path: '/v1/resources', json: { name: 'x' } },
    {
      name: 'an empty resource patch',
      method: 'PATCH',
      path: `/v1/resources/00000000-0000-4000-8000-000000000000`,
      json: {},
      as: 'admin',
    },
    { name: 'a resource list of 9,999', method: 'GET', path: '/v1/resources?limit=9999' },
    { name: 'a method that does not exist here', method: 'DELETE', path: '/v1/bookings' },
    ...seriesAndCalendarCases(),
    ...paymentCases(),
  ];

  const UNKNOWN = '00000000-0000-4000-8000-000000000000';
  const series = (overrides: Record<string, unknown>) =>
    hold({
      resourceId: freeResourceId,
      timeZone: 'America/New_York',
      rrule: 'FREQ=WEEKLY;COUNT=3',
      ...overrides,
    });
  const seriesAndCalendarCases = (): Case[] => [
    {
      name: 'a duplicated rule part',
      path: '/v1/bookings',
      json: series({ rrule: 'FREQ=WEEKLY;BYDAY=MO;BYDAY=TU' }),
    },
    {
      name: 'a rule of 1,001 characters',
      path: '/v1/bookings',
      json: series({ rrule: `FREQ=DAILY;${'X'.repeat(990)}` }),
    },
    {
      name: 'a series starting on Feb 30',
      path: '/v1/bookings',
      json: series({ start: '2026-02-30T10:00:00' }),
    },
    {
      name: 'a series with an unknown onMissingDay',
      path: '/v1/bookings',
      json: series({ onMissingDay: 'round' }),
    },
    {
      name: 'a daily series through the DST gap',
      path: '/v1/bookings',
      json: series({ start: '2026-03-06T02:30:00', end: '2026-03-06T03:00:00', rrule: 'FREQ=DAILY;COUNT=4' }),
    },
    { name: 'a series id that is not one', method: 'GET', path: '/v1/series/not-a-uuid' },
    { name: 'an unknown series', method: 'GET', path: `/v1/series/${UNKNOWN}` },
    { name: 'occurrences from nowhen', method: 'GET', path: `/v1/series/${UNKNOWN}/occurrences?from=x&to=y` },
    { name: 'cancelling an unknown series', path: `/v1/series/${UNKNOWN}/cancel`, json: {} },
    {
      name: 'an occurrence id that is not an instant',
      path: `/v1/series/${UNKNOWN}/occurrences/soon/cancel`,
      json: {},
    },
    { name: 'rescheduling with no times', path: `/v1/bookings/${UNKNOWN}/reschedule`, json: {} },
    {
      name: 'rescheduling an unknown booking',
      path: `/v1/bookings/${UNKNOWN}/reschedule`,
      json: { start: '2026-02-01T10:00:00Z', end: '2026-02-01T11:00:00Z' },
    },
    {
      name: 'slots without a duration',
      method: 'GET',
      path: `/v1/resources/${UNKNOWN}/slots?from=2026-02-01&to=2026-02-01`,
    },
    {
      name: 'slots of an unknown resource',
      method: 'GET',
      path: `/v1/resources/${UNKNOWN}/slots?from=2026-02-01&to=2026-02-01&durationMinutes=30`,
    },
    {
      name: 'slots on Feb 30',
      method: 'GET',
      path: `/v1/resources/${UNKNOWN}/slots?from=2026-02-30&to=2026-03-01&durationMinutes=30`,
    },
  ];
  const paymentCases = (): Case[] => [
    {
      name: 'an unsigned webhook',
      path: '/v1/payments/webhook',
      json: { type: 'payment.succeeded', data: {} },
    },
    { name: 'a webhook that is not JSON', path: '/v1/payments/webhook', raw: 'type=payment', headers: json },
    {
      name: 'a webhook as text/plain',
      path: '/v1/payments/webhook',
      raw: 'hello',
      headers: { 'content-type': 'text/plain' },
    },
    {
      name: 'a webhook with a signature but no id',
      path: '/v1/payments/webhook',
      json: { type: 'payment.succeeded' },
      headers: { 'webhook-timestamp': '1767571200', 'webhook-signature': 'v1,AAAA' },
    },
    {
      name: 'a checkout for a booking id that is not one',
      method: 'GET',
      path: `/v1/payments/checkout/nope?signature=${'A'.repeat(43)}`,
    },
    {
      name: 'a checkout link with a forged signature',
      method: 'GET',
      path: `/v1/payments/checkout/${UNKNOWN}?signature=${'A'.repeat(43)}`,
    },
    {
      name: 'a checkout link without its signature, naming its own amount',
      method: 'GET',
      path: `/v1/payments/checkout/${UNKNOWN}?amount=1&currency=VND`,
    },
  ];

  async function written(): Promise<Record<string, number>> {
    const db = platform.database('booking');
    const counts: Record<string, number> = {};
    for (const table of ['booking', 'idempotency_key', 'outbox', 'resource']) {
      counts[table] = (
        (await db.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0] as { n: number }
      ).n;
    }
    return counts;
  }

  it('answers each of more than 50 malformed requests with a 4xx problem+json, and writes nothing', async () => {
    const list = cases();
    expect(list.length).toBeGreaterThanOrEqual(50);
    const before = await written();
    const failures: string[] = [];
    for (const item of list) {
      const headers = { authorization: tokens[item.as ?? 'customer']!, ...item.headers };
      const response = await platform.request(item.path, {
        method: item.method ?? 'POST',
        headers,
        ...(item.raw !== undefined ? { body: item.raw } : item.json !== undefined ? { json: item.json } : {}),
      });
      const text = await response.text();
      const problem = (() => {
        try {
          return JSON.parse(text) as { status?: number; code?: string };
        } catch {
          return {};
        }
      })();
      const ok =
        response.status >= 400 &&
        response.status < 500 &&
        (response.headers.get('content-type') ?? '').includes('application/problem+json') &&
        problem.status === response.status &&
        typeof problem.code === 'string' &&
        !/\n\s+at /.test(text);
      if (!ok) failures.push(`${item.name}: ${response.status} ${text.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
    expect(await written()).toEqual(before);
  });

  it('still answers properly formed requests afterwards', async () => {
    const response = await platform.request('/v1/bookings', {
      method: 'POST',
      json: hold({}),
      headers: { authorization: tokens['customer']! },
    });
    expect(response.status).toBe(201);
    expect((await readJson(response))['status']).toBe('HOLD');
  });
});
