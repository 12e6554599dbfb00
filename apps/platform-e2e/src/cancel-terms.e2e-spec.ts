import { Client, hoursFromNow, paidBooking, readJson, type Json } from './fixtures';
import { startPlatform, type RunningPlatform } from './platform';

const HOUR = 3_600_000;

describe('cancel terms survive a reschedule: a move cannot buy a refund or dodge a late-cancel strike', () => {
  let platform: RunningPlatform;
  let admin: Client;
  beforeAll(async () => {
    platform = await startPlatform({ now: '2026-05-04T06:00:00Z' });
    admin = await Client.as(platform, 'admin');
  });
  afterAll(async () => {
    await platform.stop();
  });

  const noShowsOf = async (customer: Client) =>
    (await readJson(await admin.send('GET', `/v1/customers/${customer.userId}/standing`)))['noShows'];
  const moveBy = async (client: Client, booking: Json, startInHours: number) => {
    const response = await client.send('POST', `/v1/bookings/${booking['bookingId'] as string}/reschedule`, {
      start: hoursFromNow(platform, startInHours),
      end: hoursFromNow(platform, startInHours + 24),
    });
    expect(response.status).toBe(200);
  };
  // Every cancel here is quoted first: the quote must be what the cancel then gives.
  const cancelBy = async (client: Client, booking: Json) => {
    const path = `/v1/bookings/${booking['bookingId'] as string}`;
    const quoted = await client.send('GET', `${path}/cancellation`);
    expect(quoted.status).toBe(200);
    const quote = await readJson(quoted);
    const noShowsBefore = await noShowsOf(client);
    const response = await client.send('POST', `${path}/cancel`, {});
    expect(response.status).toBe(200);
    const cancelled = await readJson(response);
    expect(quote).toEqual({
      refundAmount: cancelled['refundAmount'],
      refundPercent: cancelled['refundPercent'],
      currency: cancelled['currency'],
      countsAsNoShow: (await noShowsOf(client)) > noShowsBefore,
    });
    return cancelled;
  };

  it('judges a customer who moves a booking starting in 1 h to next week, then cancels, by the old start', async () => {
    const car = await admin.createResource();
    const customer = await Client.as(platform, 'customer');
    const booking = await paidBooking(platform, customer, car['resourceId'] as string, 1);
    await moveBy(customer, booking, 7 * 24);
    expect(await cancelBy(customer, booking)).toMatchObject({
      status: 'CANCELLED',
      refundPercent: 0,
      refundAmount: 0,
    });
    expect(await noShowsOf(customer)).toBe(1);
  });

  it('judges a move made while a cancel was free by its new start', async () => {
    const car = await admin.createResource();
    const customer = await Client.as(platform, 'customer');
    const booking = await paidBooking(platform, customer, car['resourceId'] as string, 100);
    await moveBy(customer, booking, 200);
    // The old start has passed; the new one is 50 h away: the 50 % tier.
    platform.clock.advance(150 * HOUR);
    expect(await cancelBy(customer, booking)).toMatchObject({ refundPercent: 50, refundAmount: 1_000_000 });
    expect(await noShowsOf(customer)).toBe(0);
  });

  it('starts afresh when the host moves it, however close the start was', async () => {
    const host = await Client.as(platform, 'host');
    const car = await admin.createResource({ ownerId: host.userId });
    const customer = await Client.as(platform, 'customer');
    const booking = await paidBooking(platform, customer, car['resourceId'] as string, 1);
    await moveBy(host, booking, 100);
    expect(await cancelBy(customer, booking)).toMatchObject({ refundPercent: 100, refundAmount: 2_000_000 });
    expect(await noShowsOf(customer)).toBe(0);
  });

  it('keeps the first terms through a second move', async () => {
    const car = await admin.createResource();
    const customer = await Client.as(platform, 'customer');
    const booking = await paidBooking(platform, customer, car['resourceId'] as string, 30);
    await moveBy(customer, booking, 100);
    platform.clock.advance(20 * HOUR);
    await moveBy(customer, booking, 300);
    // Half an hour before the first start: no tier, and a late cancel.
    platform.clock.advance(9.5 * HOUR);
    expect(await cancelBy(customer, booking)).toMatchObject({ refundPercent: 0, refundAmount: 0 });
    expect(await noShowsOf(customer)).toBe(1);
  });

  it('counts a customer’s series cancel as a late cancel of an occurrence starting within 2 h, not an admin’s', async () => {
    const court = await admin.createResource({ depositAmount: 0 });
    const series = async (customer: Client, startInHours: number) => {
      const created = await customer.holdOk({
        resourceId: court['resourceId'],
        start: hoursFromNow(platform, startInHours),
        end: hoursFromNow(platform, startInHours + 1),
        rrule: 'FREQ=DAILY;COUNT=3',
      });
      return created['seriesId'] as string;
    };
    const customer = await Client.as(platform, 'customer');
    const soon = await series(customer, 1);
    const cancelled = await customer.send('POST', `/v1/series/${soon}/cancel`, {});
    expect(await readJson(cancelled)).toMatchObject({ status: 'CANCELLED', cancelledOccurrences: 3 });
    expect(await noShowsOf(customer)).toBe(1);

    const early = await Client.as(platform, 'customer');
    const later = await series(early, 3);
    expect((await early.send('POST', `/v1/series/${later}/cancel`, {})).status).toBe(200);
    expect(await noShowsOf(early)).toBe(0);

    const spared = await Client.as(platform, 'customer');
    const byAdmin = await series(spared, 5);
    platform.clock.advance(4 * HOUR);
    expect((await admin.send('POST', `/v1/series/${byAdmin}/cancel`, {})).status).toBe(200);
    expect(await noShowsOf(spared)).toBe(0);
  });

  it('quotes only a booking the caller may see and may still cancel', async () => {
    const car = await admin.createResource();
    const customer = await Client.as(platform, 'customer');
    const booking = await paidBooking(platform, customer, car['resourceId'] as string, 100);
    const path = `/v1/bookings/${booking['bookingId'] as string}/cancellation`;
    const stranger = await Client.as(platform, 'customer');
    expect((await stranger.send('GET', path)).status).toBe(404);
    await cancelBy(customer, booking);
    const again = await customer.send('GET', path);
    expect(again.status).toBe(409);
    expect(await readJson(again)).toMatchObject({ code: 'invalid_transition' });
  });
});
