import { DateTime } from 'luxon';
import { bearer } from '@booking/testing';
import { startPlatform, type RunningPlatform } from './platform';

const car = {
  name: 'VinFast VF8 30A-123.45',
  kind: 'car',
  city: 'HN',
  ownerId: 'host-7',
  timeZone: 'Asia/Ho_Chi_Minh',
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 120,
  holdMinutes: 15,
  depositAmount: 2_000_000,
  currency: 'VND',
  attributes: { model: 'VF8', plate: '30A-123.45', dailyPrice: 1_500_000 },
};

describe('resources through the gateway', () => {
  let platform: RunningPlatform;
  let admin: string;
  let customer: string;
  let host: string;

  beforeAll(async () => {
    platform = await startPlatform();
    [admin, customer, host] = await Promise.all([
      bearer('admin-1', 'admin'),
      bearer('cust-1', 'customer'),
      bearer('host-7', 'host'),
    ]);
  });

  afterAll(async () => {
    await platform.stop();
  });

  const create = (body: unknown, token = admin) =>
    platform.request('/v1/resources', { method: 'POST', json: body, headers: { authorization: token } });

  async function problemOf(response: Response) {
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    const body = (await response.json()) as { status: number; code: string; errors?: { path: string }[] };
    expect(body.status).toBe(response.status);
    return body;
  }

  it('creates a resource with the contract defaults, reads it back and changes it', async () => {
    const created = await create(car);
    expect(created.status).toBe(201);
    const resource = (await created.json()) as Record<string, unknown>;
    expect(resource).toMatchObject({
      ...car,
      resourceId: expect.any(String),
      businessHours: null,
      slotMinutes: null,
      minNoticeMinutes: 0,
      cancellationPolicy: {
        tiers: [
          { minHoursBefore: 72, refundPercent: 100 },
          { minHoursBefore: 24, refundPercent: 50 },
          { minHoursBefore: 0, refundPercent: 0 },
        ],
        noShowAfterMinutes: 30,
        maxReschedules: 2,
      },
    });

    const read = await platform.request(`/v1/resources/${resource['resourceId'] as string}`, {
      headers: { authorization: customer },
    });
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(resource);

    const patched = await platform.request(`/v1/resources/${resource['resourceId'] as string}`, {
      method: 'PATCH',
      json: { bufferAfterMinutes: 60, attributes: { model: 'VF8 Plus' } },
      headers: { authorization: admin },
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({
      bufferAfterMinutes: 60,
      attributes: { model: 'VF8 Plus' },
      name: car.name,
    });
  });

  it('lists by city and kind, a page at a time', async () => {
    for (let i = 0; i < 5; i += 1)
      expect((await create({ ...car, city: 'DN', name: `car ${i}` })).status).toBe(201);
    expect((await create({ ...car, city: 'DN', kind: 'room', name: 'room' })).status).toBe(201);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `/v1/resources?city=DN&kind=car&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const response = await platform.request(query, { headers: { authorization: host } });
      expect(response.status).toBe(200);
      const page = (await response.json()) as {
        data: { name: string; kind: string }[];
        nextCursor: string | null;
      };
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.map((item) => item.name));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual(['car 0', 'car 1', 'car 2', 'car 3', 'car 4']);
  });

  it('lists one host’s resources by ownerId, and refuses an ownerId that is no id', async () => {
    const ownedBy = (ownerId: string, name: string) => create({ ...car, city: 'OWN', ownerId, name });
    for (const [owner, name] of [
      ['host-41', 'first of 41'],
      ['host-42', 'of 42'],
      ['host-41', 'second of 41'],
    ] as const)
      expect((await ownedBy(owner, name)).status).toBe(201);
    const names = async (query: string) => {
      const response = await platform.request(`/v1/resources?${query}`, { headers: { authorization: host } });
      expect(response.status).toBe(200);
      const page = (await response.json()) as { data: { name: string; ownerId: string }[] };
      return page.data.map((item) => `${item.name} (${item.ownerId})`).sort();
    };
    expect(await names('ownerId=host-41&limit=200')).toEqual([
      'first of 41 (host-41)',
      'second of 41 (host-41)',
    ]);
    expect(await names('ownerId=host-42&city=OWN')).toEqual(['of 42 (host-42)']);
    expect(await names('ownerId=host-43')).toEqual([]);
    const bad = await platform.request(`/v1/resources?ownerId=${'x'.repeat(500)}`, {
      headers: { authorization: host },
    });
    expect(bad.status).toBe(400);
    expect((await problemOf(bad)).code).toBe('validation_failed');
  });

  it('answers 401 without a token, with a tampered one and with an expired one', async () => {
    const tampered = `${admin.slice(0, -4)}AAAA`;
    const expired = await bearer('admin-1', 'admin', { expiresIn: Math.floor(Date.now() / 1000) - 60 });
    for (const authorization of [undefined, 'Basic YWRtaW46YWRtaW4=', tampered, expired]) {
      const response = await platform.request('/v1/resources', {
        headers: authorization ? { authorization } : {},
      });
      expect(response.status).toBe(401);
      expect((await problemOf(response)).code).toBe('unauthorized');
    }
    const otherSecret = await bearer('admin-1', 'admin', { secret: 'another-secret-of-16-chars' });
    expect((await create(car, otherSecret)).status).toBe(401);
  });

  it('answers 403 when a customer or host tries to create or change a resource', async () => {
    for (const token of [customer, host]) {
      const response = await create(car, token);
      expect(response.status).toBe(403);
      expect((await problemOf(response)).code).toBe('forbidden');
    }
  });

  it.each([
    ['a bad zone name', { ...car, timeZone: 'Mars/Olympus' }, 422, 'invalid_time_zone', '/timeZone'],
    ['an offset posing as a zone', { ...car, timeZone: 'UTC+8' }, 422, 'invalid_time_zone', '/timeZone'],
    [
      'a negative buffer',
      { ...car, bufferAfterMinutes: -5 },
      400,
      'validation_failed',
      '/bufferAfterMinutes',
    ],
    ['an unknown field', { ...car, colour: 'red' }, 400, 'validation_failed', '/'],
    ['a missing name', { ...car, name: undefined }, 400, 'validation_failed', '/name'],
    ['a string for a number', { ...car, holdMinutes: '15' }, 400, 'validation_failed', '/holdMinutes'],
    ['a fractional deposit', { ...car, depositAmount: 10.5 }, 400, 'validation_failed', '/depositAmount'],
    ['a lower-case currency', { ...car, currency: 'vnd' }, 400, 'validation_failed', '/currency'],
    [
      'business hours that end before they start',
      { ...car, businessHours: { weekly: { 1: [['18:00', '09:00']] } } },
      400,
      'validation_failed',
      '/businessHours/weekly/1/0',
    ],
    ['a body that is an array', [car], 400, 'validation_failed', '/'],
  ])('rejects %s and stores nothing', async (_what, body, status, code, path) => {
    const before = await countResources();
    const response = await create(body);
    expect(response.status).toBe(status);
    const problem = await problemOf(response);
    expect(problem.code).toBe(code);
    expect(problem.errors?.map((error) => error.path)).toContain(path);
    expect(await countResources()).toBe(before);
  });

  it('lets a resource’s own host change when it can be booked, and no other host or customer', async () => {
    const { resourceId } = (await (await create(car)).json()) as { resourceId: string };
    const otherHost = await bearer('host-9', 'host');
    const schedule = (body: unknown, token: string, id = resourceId) =>
      platform.request(`/v1/resources/${id}/schedule`, {
        method: 'PATCH',
        json: body,
        headers: { authorization: token },
      });
    const read = async () =>
      (await (
        await platform.request(`/v1/resources/${resourceId}`, { headers: { authorization: admin } })
      ).json()) as Record<string, unknown>;

    // The next Monday in the car's zone and the one after: open 09:00–12:00 on Mondays, the second closed.
    const monday = DateTime.now().setZone(car.timeZone).plus({ weeks: 1 }).startOf('week');
    const closedMonday = monday.plus({ weeks: 1 }).toISODate()!;
    const hours = { weekly: { 1: [['09:00', '12:00']] }, overrides: { [closedMonday]: [] } };
    const changed = await schedule({ businessHours: hours, slotMinutes: 60, bufferBeforeMinutes: 15 }, host);
    expect(changed.status).toBe(200);
    const after = await read();
    expect(after).toMatchObject({ ...car, businessHours: hours, slotMinutes: 60, bufferBeforeMinutes: 15 });

    const slots = await platform.request(
      `/v1/resources/${resourceId}/slots?from=${monday.toISODate()!}&to=${closedMonday}&durationMinutes=60`,
      { headers: { authorization: customer } },
    );
    const { data } = (await slots.json()) as { data: { startLocal: string }[] };
    expect(data.map((slot) => slot.startLocal.slice(0, 16))).toEqual(
      ['09:00', '10:00', '11:00'].map((time) => `${monday.toISODate()!}T${time}`),
    );

    for (const token of [otherHost, customer]) {
      const refused = await schedule({ bufferAfterMinutes: 0 }, token);
      expect(refused.status).toBe(403);
      expect((await problemOf(refused)).code).toBe('forbidden');
    }
    const priced = await schedule({ depositAmount: 1 }, host);
    expect(priced.status).toBe(400);
    expect((await problemOf(priced)).code).toBe('validation_failed');
    expect((await problemOf(await schedule({}, host))).code).toBe('validation_failed');
    expect(await read()).toEqual(after);

    expect((await schedule({ bufferBeforeMinutes: 0 }, admin)).status).toBe(200);
    const missing = await schedule({ slotMinutes: 30 }, host, '0b6f1c2e-9d1a-4c4e-8f00-000000000000');
    expect(missing.status).toBe(404);
  });

  it('answers 404 for ids that name nothing, and for a patch of one', async () => {
    for (const id of ['0b6f1c2e-9d1a-4c4e-8f00-000000000000', 'not-a-uuid', "1' OR '1'='1"]) {
      const response = await platform.request(`/v1/resources/${encodeURIComponent(id)}`, {
        headers: { authorization: admin },
      });
      expect(response.status).toBe(404);
      expect((await problemOf(response)).code).toBe('not_found');
    }
    const patch = await platform.request('/v1/resources/0b6f1c2e-9d1a-4c4e-8f00-000000000000', {
      method: 'PATCH',
      json: { name: 'x' },
      headers: { authorization: admin },
    });
    expect(patch.status).toBe(404);
  });

  it('answers problem+json for bodies that are not JSON, not JSON at all, or too large', async () => {
    const headers = { authorization: admin, 'content-type': 'application/json' };
    const broken = await platform.request('/v1/resources', { method: 'POST', headers, body: '{"name": ' });
    expect(broken.status).toBe(400);
    expect((await problemOf(broken)).code).toBe('invalid_json');

    const text = await platform.request('/v1/resources', {
      method: 'POST',
      headers: { authorization: admin, 'content-type': 'text/plain' },
      body: 'name=car',
    });
    expect(text.status).toBe(415);
    expect((await problemOf(text)).code).toBe('unsupported_media_type');

    const form = await platform.request('/v1/resources', {
      method: 'POST',
      headers: { authorization: admin, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=car',
    });
    expect(form.status).toBe(415);

    const huge = await platform.request('/v1/resources', {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...car, attributes: { blob: 'x'.repeat(1_100_000) } }),
    });
    expect(huge.status).toBe(413);
    expect((await problemOf(huge)).code).toBe('payload_too_large');
  });

  it('answers 404 problem+json for a route that does not exist', async () => {
    const response = await platform.request('/v1/nothing-here', { headers: { authorization: admin } });
    expect(response.status).toBe(404);
    expect((await problemOf(response)).code).toBe('not_found');
  });

  it('reports every service behind it on its readiness page', async () => {
    const response = await platform.request('/health/ready');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ready',
      checks: { redis: 'up', booking: 'up', payment: 'up', refund: 'up', notification: 'up' },
    });
  });

  it('sends no CORS headers while CORS_ORIGINS is empty (the default)', async () => {
    const response = await platform.request('/health/live', {
      headers: { origin: 'https://app.example.com' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('echoes the client request id, and makes one when there is none', async () => {
    const echoed = await platform.request('/health/live', { headers: { 'x-request-id': 'client-abc-123' } });
    expect(echoed.headers.get('x-request-id')).toBe('client-abc-123');
    const made = await platform.request('/health/live');
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves OpenAPI 3.1 with /v1 paths and Swagger UI at /docs', async () => {
    const response = await platform.request('/v1/openapi.json');
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/v1/resources', '/v1/resources/{resourceId}']),
    );
    expect(Object.keys(document.paths['/v1/resources']!)).toEqual(expect.arrayContaining(['get', 'post']));
    // Every route of the contract the gateway serves is documented.
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented).toEqual(
      expect.arrayContaining([
        'GET /v1/resources/{resourceId}/slots',
        'GET /v1/availability',
        'POST /v1/bookings',
        'POST /v1/bookings/{bookingId}/cancel',
        'POST /v1/bookings/{bookingId}/reschedule',
        'POST /v1/bookings/{bookingId}/check-in',
        'GET /v1/bookings/{bookingId}/notifications',
        'GET /v1/customers/{customerId}/standing',
        'POST /v1/customers/{customerId}/standing/reset',
        'GET /v1/series/{seriesId}',
        'GET /v1/series/{seriesId}/occurrences',
        'POST /v1/series/{seriesId}/cancel',
        'POST /v1/series/{seriesId}/occurrences/{recurrenceId}/cancel',
        'POST /v1/series/{seriesId}/occurrences/{recurrenceId}/reschedule',
        'POST /v1/payments/webhook',
        'GET /v1/payments/checkout/{bookingId}',
      ]),
    );
    const docs = await platform.request('/docs');
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger');
  });

  async function countResources(): Promise<number> {
    let count = 0;
    let cursor: string | null = null;
    do {
      const response = await platform.request(`/v1/resources?limit=200${cursor ? `&cursor=${cursor}` : ''}`, {
        headers: { authorization: admin },
      });
      const page = (await response.json()) as { data: unknown[]; nextCursor: string | null };
      count += page.data.length;
      cursor = page.nextCursor;
    } while (cursor);
    return count;
  }
});
