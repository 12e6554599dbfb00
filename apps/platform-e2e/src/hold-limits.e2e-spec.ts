import { CAR, Client, readJson, type Json } from './fixtures';
import { startPlatform, type RunningPlatform } from './platform';

const PER_CUSTOMER = 3;
const PER_ADDRESS = 5;

describe('hold limits: which bookings count, a series by its occurrences, and per client address', () => {
  let platform: RunningPlatform;
  let admin: Client;
  let nextAddress = 1;
  beforeAll(async () => {
    platform = await startPlatform({
      now: '2026-07-01T00:00:00Z',
      // The test is the proxy: each case names its own client address.
      env: {
        HOLD_RATE_LIMIT: String(PER_CUSTOMER),
        HOLD_ADDRESS_RATE_LIMIT: String(PER_ADDRESS),
        TRUST_PROXY: '127.0.0.1',
      },
    });
    admin = await Client.as(platform, 'admin');
  });
  afterAll(async () => {
    await platform.stop();
  });

  /** A client address of its own for each case, so that only the case's own attempts count. */
  const newAddress = () => ({ 'x-forwarded-for': `198.51.100.${nextAddress++}` });
  const freeAppointments = (holdLimit?: string) =>
    admin.createResource({ kind: 'clinician', depositAmount: 0, ...(holdLimit ? { holdLimit } : {}) });
  const onDay = (resource: Json, day: number, extra: Json = {}) => ({
    resourceId: resource['resourceId'],
    start: `2026-08-${String(day).padStart(2, '0')}T09:00:00`,
    end: `2026-08-${String(day).padStart(2, '0')}T09:30:00`,
    ...extra,
  });

  async function bookingsOn(resource: Json): Promise<number> {
    const { rows } = await platform
      .database('booking')
      .query(`SELECT count(*)::int AS n FROM booking WHERE resource_id = $1`, [resource['resourceId']]);
    return rows[0].n as number;
  }

  it('keeps a resource’s setting: `deposit` by default, `all` or `none` when given, and refuses others', async () => {
    expect((await freeAppointments())['holdLimit']).toBe('deposit');
    const counted = await freeAppointments('all');
    const read = await readJson(await admin.send('GET', `/v1/resources/${counted['resourceId'] as string}`));
    expect(read['holdLimit']).toBe('all');
    const refused = await admin.send('POST', '/v1/resources', { ...CAR, holdLimit: 'some' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await readJson(refused))).toContain('holdLimit');
  });

  it('does not count free appointments by default: a fourth one in the window is booked', async () => {
    const clinic = await freeAppointments();
    const customer = await Client.as(platform, 'customer');
    const from = newAddress();
    for (const day of [3, 4, 5, 6]) expect((await customer.hold(onDay(clinic, day), from)).status).toBe(201);
  });

  it('counts them where the resource says all count: the fourth gets 429 with Retry-After and retryAfterSeconds', async () => {
    const clinic = await freeAppointments('all');
    const customer = await Client.as(platform, 'customer');
    const from = newAddress();
    for (const day of [3, 4, 5]) expect((await customer.hold(onDay(clinic, day), from)).status).toBe(201);
    const limited = await customer.hold(onDay(clinic, 6), from);
    expect(limited.status).toBe(429);
    const problem = await readJson(limited);
    expect(problem['code']).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(problem['retryAfterSeconds']).toBe(Number(limited.headers.get('retry-after')));
  });

  it('counts a series by the bookings it holds: a daily one is refused 422 whole, a weekly pair fits', async () => {
    const clinic = await freeAppointments('all');
    const customer = await Client.as(platform, 'customer');
    const from = newAddress();
    // The attack of the issue: an open-ended daily rule holds months of bookings in one request.
    const daily = await customer.hold(onDay(clinic, 3, { rrule: 'FREQ=DAILY' }), from);
    expect(daily.status).toBe(422);
    expect(await readJson(daily)).toMatchObject({ code: 'over_hold_limit', limit: PER_CUSTOMER });
    expect(await bookingsOn(clinic)).toBe(0);
    // Two occurrences count two: with one single hold, the window is full.
    expect((await customer.hold(onDay(clinic, 3, { rrule: 'FREQ=WEEKLY;COUNT=2' }), from)).status).toBe(201);
    expect((await customer.hold(onDay(clinic, 4), from)).status).toBe(201);
    const limited = await customer.hold(onDay(clinic, 5), from);
    expect(limited.status).toBe(429);
    expect(await bookingsOn(clinic)).toBe(3);
  });

  it(`counts booking attempts per client address, whoever signs in: past ${PER_ADDRESS}, 429`, async () => {
    const clinic = await freeAppointments('none');
    const from = newAddress();
    for (let day = 1; day <= PER_ADDRESS; day += 1) {
      const customer = await Client.as(platform, 'customer');
      expect((await customer.hold(onDay(clinic, day), from)).status).toBe(201);
    }
    const fresh = await Client.as(platform, 'customer');
    const limited = await fresh.hold(onDay(clinic, 20), from);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await bookingsOn(clinic)).toBe(PER_ADDRESS);
    // Another address is counted on its own.
    expect((await fresh.hold(onDay(clinic, 20), newAddress())).status).toBe(201);
  });
});
