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
  /** The status and problem code this case, and only it, is answered with. */
  answer: `${number} ${string}`;
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
    {
      name: 'a body that is not JSON',
      answer: '400 invalid_json',
      path: '/v1/bookings',
      raw: '{"resourceId": ',
      headers: json,
    },
    { name: 'a JSON array', answer: '400 validation_failed', path: '/v1/bookings', json: [hold({})] },
    { name: 'a JSON string', answer: '400 validation_failed', path: '/v1/bookings', json: 'hold please' },
    { name: 'JSON null', answer: '400 validation_failed', path: '/v1/bookings', raw: 'null', headers: json },
    {
      name: 'a JSON number',
      answer: '400 validation_failed',
      path: '/v1/bookings',
      raw: '42',
      headers: json,
    },
    { name: 'an empty object', answer: '400 validation_failed', path: '/v1/bookings', json: {} },
    {
      name: 'no resourceId',
      answer: '400 validation_failed',
      path: '/v1/bookings',
      json: hold({ resourceId: undefined }),
    },
    {
      name: 'a numeric resourceId',
      answer: '400 validation_failed',
      path: '/v1/bookings',
      json: hold({ resourceId: 12 }),
    },
    {
      name: 'an unknown resourceId',
      answer: '404 not_found',
      path: '/v1/bookings',
      json: hold({ resourceId: '0b6f1c2e-9d1a-4c4e-8f00-000000000000' }),
    },
    {
      name: 'a SQL-looking resourceId',
      answer: '404 not_found',
      path: '/v1/bookings',
      json: hold({ resourceId: "' OR '1'='1' --" }),
    },
    {
      name: 'an overlong resourceId',
      answer: '400 validation_failed',
      path: '/v1/bookings',
      json: hold({ resourceId: 'x'.repeat(300) }),
    },
    {
      name: 'no start',
      answer: '400 validation_failed',
      path: '/v1/bookings',
      json: hold({ start: undefined }),
    },
    {
      name: 'a numeric start',
      answer: '400 validation_failed',
      path: '/v1/bookings',
      json: hold({ start: 1_767_000_000 }),
    },
    {
      name: 'a start in words',
      answer: '400 validation_failed',
      path: '/v1/bookings',
      json: hold({ start: 'tomorrow at ten' }),
    },
    {
      name: 'February 30th',
      answer: '400 validation_failed',
      path: '/v1/bookings',
      json: hold({ start: '2026-02-30T10:00:00' }),
    },
    {
      name: 'hour 25',
      answer: '400 validation_failed',
      path: '/v1/bookings',
      json: hold({ end: '2026-02-01T25:00:00Z' }),
    },
    {
      name: 'a SQL-looking start',
      answer: '400 validation_failed',
      path: '/v1/bookings',
      json: hold({ start: "2026-02-01T10:00:00'; DROP TABLE booking; --" }),
    },
    {
      name: 'an unknown zone',
      answer: '422 invalid_time_zone',
      path: '/v1/bookings',
      json: hold({ timeZone: 'Mars/Phobos' }),
    },
    {
      name: 'an offset as a zone',
      answer: '422 invalid_time_zone',
      path: '/v1/bookings',
      json: hold({ timeZone: 'UTC+8' }),
    },
    {
      name: 'a numeric zone',
      answer: '400 validation_failed',
      path: '/v1/bookings',
      json: hold({ timeZone: 7 }),
    },
    {
      name: 'an unknown disambiguation',
      answer: '400 validation_failed',
      path: '/v1/bookings',
      json: hold({ disambiguation: 'middle' }),
    },
    {
      name: 'an unknown field',
      answer: '400 validation_failed',
      path: '/v1/bookings',
      json: hold({ price: 1 }),
    },
    {
      name: 'a customerId in the body',
      answer: '400 validation_failed',
      path: '/v1/bookings',
      json: hold({ customerId: 'someone-else' }),
    },
    {
      name: 'a bad email',
      answer: '400 validation_failed',
      path: '/v1/bookings',
      json: hold({ contact: { email: 'not-an-email' } }),
    },
    {
      name: 'a bad phone',
      answer: '400 validation_failed',
      path: '/v1/bookings',
      json: hold({ contact: { phone: '12345' } }),
    },
    {
      name: 'an unknown contact field',
      answer: '400 validation_failed',
      path: '/v1/bookings',
      json: hold({ contact: { fax: '+8412345678' } }),
    },
    {
      name: 'a bad locale',
      answer: '400 validation_failed',
      path: '/v1/bookings',
      json: hold({ contact: { locale: '??' } }),
    },
    {
      name: 'a body over 1 MiB',
      answer: '413 payload_too_large',
      path: '/v1/bookings',
      json: hold({ padding: 'x'.repeat(1_100_000) }),
    },
    {
      name: 'text/plain',
      answer: '415 unsupported_media_type',
      path: '/v1/bookings',
      raw: 'resourceId=1',
      headers: { 'content-type': 'text/plain' },
    },
    {
      name: 'a form',
      answer: '415 unsupported_media_type',
      path: '/v1/bookings',
      raw: 'resourceId=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    },
    {
      name: 'a NUL character',
      answer: '400 validation_failed',
      path: '/v1/bookings',
      json: hold({ timeZone: 'Asia/Ho_Chi_Minh\u0000' }),
    },
    {
      name: 'a __proto__ key',
      answer: '400 invalid_json',
      path: '/v1/bookings',
      raw: `{"__proto__": {"admin": true}, "resourceId": "${'x'}"}`,
      headers: json,
    },
    {
      name: 'a constructor.prototype key',
      answer: '400 invalid_json',
      path: '/v1/bookings',
      raw: '{"constructor": {"prototype": {"x": 1}}}',
      headers: json,
    },
    {
      name: 'JSON nested 2,000 deep',
      answer: '400 validation_failed',
      path: '/v1/bookings',
      json: hold({ resourceId: nested(2_000) }),
    },
    {
      name: 'an Idempotency-Key of 300 characters',
      answer: '400 validation_failed',
      path: '/v1/bookings',
      json: hold({}),
      headers: { 'idempotency-key': 'k'.repeat(300) },
    },
    {
      name: 'an Idempotency-Key with spaces',
      answer: '400 validation_failed',
      path: '/v1/bookings',
      json: hold({}),
      headers: { 'idempotency-key': 'a b c' },
    },
    {
      name: 'an end before the start',
      answer: '422 end_before_start',
      path: '/v1/bookings',
      json: hold({ end: '2026-02-01T09:00:00' }),
    },
    {
      name: 'a booking of 200 days',
      answer: '422 too_long',
      path: '/v1/bookings',
      json: hold({ end: '2026-08-20T10:00:00' }),
    },
    {
      name: 'a start in the past',
      answer: '422 too_short_notice',
      path: '/v1/bookings',
      json: hold({ start: '2025-12-01T10:00:00Z', end: '2025-12-01T12:00:00Z' }),
    },
    {
      name: 'an rrule',
      answer: '422 series_not_supported',
      path: '/v1/bookings',
      json: hold({ rrule: 'FREQ=SECONDLY' }),
    },
    {
      name: 'a hold by an admin',
      answer: '403 forbidden',
      path: '/v1/bookings',
      json: hold({}),
      as: 'admin',
    },
    { name: 'limit 0', answer: '400 validation_failed', method: 'GET', path: '/v1/bookings?limit=0' },
    {
      name: 'limit in words',
      answer: '400 validation_failed',
      method: 'GET',
      path: '/v1/bookings?limit=ten',
    },
    { name: 'limit 201', answer: '400 validation_failed', method: 'GET', path: '/v1/bookings?limit=201' },
    {
      name: 'an unknown status',
      answer: '400 validation_failed',
      method: 'GET',
      path: '/v1/bookings?status=PENDING',
    },
    {
      name: 'from in words',
      answer: '400 validation_failed',
      method: 'GET',
      path: '/v1/bookings?from=yesterday',
    },
    {
      name: 'a forged cursor',
      answer: '400 validation_failed',
      method: 'GET',
      path: '/v1/bookings?cursor=eyJzdGFydCI6MX0',
    },
    {
      // -271821-04-20: a date JavaScript takes and PostgreSQL refuses (it once answered 500).
      name: 'a cursor dated before any PostgreSQL takes',
      answer: '400 validation_failed',
      method: 'GET',
      path: '/v1/bookings?cursor=eyJzdGFydCI6Ii0yNzE4MjEtMDQtMjBUMDA6MDA6MDAuMDAwWiIsImJvb2tpbmdJZCI6IjAwMDAwMDAwLTAwMDAtNDAwMC04MDAwLTAwMDAwMDAwMDAwMCJ9',
    },
    {
      name: 'an unknown query parameter',
      answer: '400 validation_failed',
      method: 'GET',
      path: '/v1/bookings?sort=price',
    },
    {
      name: 'to before from',
      answer: '422 end_before_start',
      method: 'GET',
      path: '/v1/bookings?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z',
    },
    {
      name: 'a NUL in the query',
      answer: '400 validation_failed',
      method: 'GET',
      path: '/v1/bookings?status=HOLD%00',
    },
    {
      name: 'a booking id that is not one',
      answer: '404 not_found',
      method: 'GET',
      path: '/v1/bookings/not-a-uuid',
    },
    {
      name: 'a SQL-looking booking id',
      answer: '404 not_found',
      method: 'GET',
      path: `/v1/bookings/${encodeURIComponent("1' OR '1'='1")}`,
    },
    {
      name: 'an unknown booking id',
      answer: '404 not_found',
      method: 'GET',
      path: '/v1/bookings/00000000-0000-4000-8000-000000000000',
    },
    {
      name: 'a cancel of nothing',
      answer: '404 not_found',
      path: '/v1/bookings/00000000-0000-4000-8000-000000000000/cancel',
      json: {},
    },
    {
      name: 'a numeric cancel reason',
      answer: '400 validation_failed',
      path: '/v1/bookings/00000000-0000-4000-8000-000000000000/cancel',
      json: { reason: 5 },
    },
    {
      name: 'a search without a city',
      answer: '400 validation_failed',
      method: 'GET',
      path: '/v1/availability?kind=car&from=2026-02-01T00:00:00Z&to=2026-02-02T00:00:00Z',
    },
    {
      name: 'a search from nowhen',
      answer: '400 validation_failed',
      method: 'GET',
      path: '/v1/availability?city=HN&kind=car&from=soon&to=2026-02-02T00:00:00Z',
    },
    {
      name: 'a search backwards',
      answer: '422 end_before_start',
      method: 'GET',
      path: '/v1/availability?city=HN&kind=car&from=2026-02-02T00:00:00Z&to=2026-02-01T00:00:00Z',
    },
    {
      name: 'a search of two years',
      answer: '422 too_long',
      method: 'GET',
      path: '/v1/availability?city=HN&kind=car&from=2026-02-01T00:00:00Z&to=2028-02-01T00:00:00Z',
    },
    {
      name: 'a search with limit -1',
      answer: '400 validation_failed',
      method: 'GET',
      path: '/v1/availability?city=HN&kind=car&from=2026-02-01T00:00:00Z&to=2026-02-02T00:00:00Z&limit=-1',
    },
    { name: 'a resource by a customer', answer: '403 forbidden', path: '/v1/resources', json: { name: 'x' } },
    {
      name: 'an empty resource patch',
      answer: '400 validation_failed',
      method: 'PATCH',
      path: `/v1/resources/00000000-0000-4000-8000-000000000000`,
      json: {},
      as: 'admin',
    },
    {
      name: 'a resource list of 9,999',
      answer: '400 validation_failed',
      method: 'GET',
      path: '/v1/resources?limit=9999',
    },
    {
      name: 'a method that does not exist here',
      answer: '404 not_found',
      method: 'DELETE',
      path: '/v1/bookings',
    },
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
      answer: '422 invalid_rrule',
      path: '/v1/bookings',
      json: series({ rrule: 'FREQ=WEEKLY;BYDAY=MO;BYDAY=TU' }),
    },
    {
      name: 'a rule of 1,001 characters',
      answer: '400 validation_failed',
      path: '/v1/bookings',
      json: series({ rrule: `FREQ=DAILY;${'X'.repeat(990)}` }),
    },
    {
      name: 'a series starting on Feb 30',
      answer: '400 validation_failed',
      path: '/v1/bookings',
      json: series({ start: '2026-02-30T10:00:00' }),
    },
    {
      name: 'a series with an unknown onMissingDay',
      answer: '400 validation_failed',
      path: '/v1/bookings',
      json: series({ onMissingDay: 'round' }),
    },
    {
      name: 'a daily series through the DST gap',
      answer: '422 nonexistent_local_time',
      path: '/v1/bookings',
      json: series({ start: '2026-03-06T02:30:00', end: '2026-03-06T03:00:00', rrule: 'FREQ=DAILY;COUNT=4' }),
    },
    {
      name: 'a series id that is not one',
      answer: '404 not_found',
      method: 'GET',
      path: '/v1/series/not-a-uuid',
    },
    { name: 'an unknown series', answer: '404 not_found', method: 'GET', path: `/v1/series/${UNKNOWN}` },
    {
      name: 'occurrences of an unknown series, from nowhen',
      answer: '404 not_found',
      method: 'GET',
      path: `/v1/series/${UNKNOWN}/occurrences?from=x&to=y`,
    },
    {
      name: 'cancelling an unknown series',
      answer: '404 not_found',
      path: `/v1/series/${UNKNOWN}/cancel`,
      json: {},
    },
    {
      name: 'an occurrence id that is not an instant',
      answer: '400 validation_failed',
      path: `/v1/series/${UNKNOWN}/occurrences/soon/cancel`,
      json: {},
    },
    {
      name: 'rescheduling with no times',
      answer: '400 validation_failed',
      path: `/v1/bookings/${UNKNOWN}/reschedule`,
      json: {},
    },
    {
      name: 'rescheduling an unknown booking',
      answer: '404 not_found',
      path: `/v1/bookings/${UNKNOWN}/reschedule`,
      json: { start: '2026-02-01T10:00:00Z', end: '2026-02-01T11:00:00Z' },
    },
    {
      name: 'slots without a duration',
      answer: '400 validation_failed',
      method: 'GET',
      path: `/v1/resources/${UNKNOWN}/slots?from=2026-02-01&to=2026-02-01`,
    },
    {
      name: 'slots of an unknown resource',
      answer: '404 not_found',
      method: 'GET',
      path: `/v1/resources/${UNKNOWN}/slots?from=2026-02-01&to=2026-02-01&durationMinutes=30`,
    },
    {
      name: 'slots on Feb 30',
      answer: '400 validation_failed',
      method: 'GET',
      path: `/v1/resources/${UNKNOWN}/slots?from=2026-02-30&to=2026-03-01&durationMinutes=30`,
    },
  ];
  const paymentCases = (): Case[] => [
    {
      name: 'an unsigned webhook',
      answer: '401 unauthorized',
      path: '/v1/payments/webhook',
      json: { type: 'payment.succeeded', data: {} },
    },
    {
      name: 'a webhook that is not JSON',
      answer: '400 invalid_json',
      path: '/v1/payments/webhook',
      raw: 'type=payment',
      headers: json,
    },
    {
      name: 'a webhook as text/plain',
      answer: '415 unsupported_media_type',
      path: '/v1/payments/webhook',
      raw: 'hello',
      headers: { 'content-type': 'text/plain' },
    },
    {
      name: 'a webhook with a signature but no id',
      answer: '401 unauthorized',
      path: '/v1/payments/webhook',
      json: { type: 'payment.succeeded' },
      headers: { 'webhook-timestamp': '1767571200', 'webhook-signature': 'v1,AAAA' },
    },
    {
      name: 'a checkout for a booking id that is not one',
      answer: '404 not_found',
      method: 'GET',
      path: `/v1/payments/checkout/nope?signature=${'A'.repeat(43)}`,
    },
    {
      name: 'a checkout link with a forged signature',
      answer: '401 unauthorized',
      method: 'GET',
      path: `/v1/payments/checkout/${UNKNOWN}?signature=${'A'.repeat(43)}`,
    },
    {
      name: 'a checkout link without its signature, naming its own amount',
      answer: '400 validation_failed',
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

  it('answers each of more than 50 malformed requests with its own 4xx problem+json, and writes nothing', async () => {
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
        `${response.status} ${problem.code}` === item.answer &&
        (response.headers.get('content-type') ?? '').includes('application/problem+json') &&
        problem.status === response.status &&
        typeof problem.code === 'string' &&
        !/\n\s+at /.test(text);
      if (!ok)
        failures.push(`${item.name}: ${response.status} ${text.slice(0, 200)} (expected ${item.answer})`);
    }
    expect(failures).toEqual([]);
    expect(await written()).toEqual(before);
  });

  it('names a path parameter over 100 characters in the 400’s errors', async () => {
    const long = 'x'.repeat(101);
    for (const [method, path, name] of [
      ['GET', `/v1/series/${long}`, 'seriesId'],
      ['POST', `/v1/series/${UNKNOWN}/occurrences/${long}/cancel`, 'recurrenceId'],
      ['GET', `/v1/bookings/${long}`, 'bookingId'],
    ] as const) {
      const response = await platform.request(path, {
        method,
        headers: { authorization: tokens['customer']! },
        ...(method === 'POST' ? { json: {} } : {}),
      });
      expect([path, response.status, await readJson(response)]).toEqual([
        path,
        400,
        expect.objectContaining({
          code: 'validation_failed',
          errors: [{ path: `/${name}`, message: 'longer than 100 characters' }],
        }),
      ]);
    }
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
