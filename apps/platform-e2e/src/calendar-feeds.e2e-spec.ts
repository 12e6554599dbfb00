import { bookingUid, seriesUid } from '@booking/ics';
import { expandCalendar, parseCalendar, type ParsedCalendar } from '@booking/testing';
import { CAR, Client, readJson, type Json } from './fixtures';
import { startPlatform, type RunningPlatform } from './platform';

const DAY = 86_400_000;

describe('calendar feeds: a secret ICS URL per resource and per customer', () => {
  let platform: RunningPlatform;
  let admin: Client;
  let host: Client;
  let court: Json;
  beforeAll(async () => {
    platform = await startPlatform({ now: '2027-03-10T12:00:00Z' });
    admin = await Client.as(platform, 'admin');
    host = await Client.as(platform, 'host');
    // No deposit: a hold is confirmed at once.
    court = await admin.createResource({
      name: 'Court 1, north',
      ownerId: host.userId,
      timeZone: 'America/New_York',
      depositAmount: 0,
      currency: 'USD',
    });
  });
  afterAll(async () => {
    await platform.stop();
  });

  const feedPath = (response: Json) => new URL(response['url'] as string).pathname;
  const issue = async (client: Client, path: string) => {
    const response = await client.send('POST', path);
    expect(response.status).toBe(201);
    const body = await readJson(response);
    expect(body).toEqual({
      url: expect.stringMatching(/\/v1\/calendars\/[A-Za-z0-9_-]{43}\.ics$/),
      createdAt: platform.clock.now().toISOString().replace('.000', ''),
    });
    return feedPath(body);
  };
  /** Fetched as a calendar app does: no token, the URL alone. */
  const fetchFeed = async (path: string): Promise<ParsedCalendar> => {
    const response = await platform.request(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    return parseCalendar(await response.text());
  };
  const book = async (customer: Client, start: string, end: string) =>
    (await customer.holdOk({ resourceId: court['resourceId'], start, end }))['bookingId'] as string;
  const eventOf = (calendar: ParsedCalendar, bookingId: string) =>
    calendar.events.find((event) => event.uid === bookingUid(bookingId));

  it("shows the resource's bookings at their instants across the March change, moves and cancellations", async () => {
    const feed = await issue(host, `/v1/resources/${court['resourceId'] as string}/calendar-feed`);
    const customer = await Client.as(platform, 'customer');
    // 10:00 EST on Saturday, 10:00 EDT on Monday: 15:00Z, then 14:00Z.
    const before = await book(customer, '2027-03-13T15:00:00Z', '2027-03-13T16:00:00Z');
    const after = await book(customer, '2027-03-15T14:00:00Z', '2027-03-15T15:00:00Z');

    const first = await fetchFeed(feed);
    expect(first.timezones).toEqual(['America/New_York']);
    expect(
      first.events.map((event) => [event.uid, event.start.toISOString(), event.end.toISOString()]),
    ).toEqual([
      [bookingUid(before), '2027-03-13T15:00:00.000Z', '2027-03-13T16:00:00.000Z'],
      [bookingUid(after), '2027-03-15T14:00:00.000Z', '2027-03-15T15:00:00.000Z'],
    ]);
    expect(first.events.map((event) => [event.zone, event.status, event.summary])).toEqual([
      ['America/New_York', 'CONFIRMED', 'Court 1, north'],
      ['America/New_York', 'CONFIRMED', 'Court 1, north'],
    ]);
    // Nothing about the customer: a feed URL is easily shared.
    expect(JSON.stringify(first.events)).not.toContain(customer.userId);

    const moved = await customer.send('POST', `/v1/bookings/${after}/reschedule`, {
      start: '2027-03-16T14:00:00Z',
      end: '2027-03-16T15:30:00Z',
    });
    expect(moved.status).toBe(200);
    expect((await customer.send('POST', `/v1/bookings/${before}/cancel`, {})).status).toBe(200);

    const second = await fetchFeed(feed);
    const movedEvent = eventOf(second, after)!;
    expect([movedEvent.start.toISOString(), movedEvent.end.toISOString()]).toEqual([
      '2027-03-16T14:00:00.000Z',
      '2027-03-16T15:30:00.000Z',
    ]);
    expect(movedEvent.sequence).toBeGreaterThan(eventOf(first, after)!.sequence);
    const cancelled = eventOf(second, before)!;
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.sequence).toBeGreaterThan(eventOf(first, before)!.sequence);
    expect([eventOf(first, after)!.sequence, movedEvent.sequence, cancelled.sequence]).toEqual([0, 1, 1]);

    // More than 30 days after the cancellation and the moved booking's end, both have left the feed.
    const later = await book(customer, '2027-04-20T14:00:00Z', '2027-04-20T15:00:00Z');
    platform.clock.advance(38 * DAY);
    expect((await fetchFeed(feed)).events.map((event) => event.uid)).toEqual([bookingUid(later)]);
  });

  it("gives a customer a feed of their own bookings only, and nobody else's", async () => {
    const customer = await Client.as(platform, 'customer');
    const other = await Client.as(platform, 'customer');
    const mine = await book(customer, '2027-05-03T14:00:00Z', '2027-05-03T15:00:00Z');
    await book(other, '2027-05-04T14:00:00Z', '2027-05-04T15:00:00Z');

    const feed = await issue(customer, `/v1/customers/${customer.userId}/calendar-feed`);
    expect((await fetchFeed(feed)).events.map((event) => event.uid)).toEqual([bookingUid(mine)]);

    const forOther = await other.send('POST', `/v1/customers/${customer.userId}/calendar-feed`);
    expect(forOther.status).toBe(404);
    expect(await issue(admin, `/v1/customers/${other.userId}/calendar-feed`)).toMatch(/\.ics$/);
  });

  it("lets only the resource's host or an admin make its feed", async () => {
    const path = `/v1/resources/${court['resourceId'] as string}/calendar-feed`;
    const stranger = await Client.as(platform, 'host');
    const customer = await Client.as(platform, 'customer');
    const refusals = [await stranger.send('POST', path), await customer.send('POST', path)];
    expect(refusals.map((response) => response.status)).toEqual([403, 403]);
    expect((await platform.request(path, { method: 'POST' })).status).toBe(401);
    const missing = await admin.send(
      'POST',
      '/v1/resources/00000000-0000-4000-8000-000000000000/calendar-feed',
    );
    expect(missing.status).toBe(404);
  });

  it('revokes: a new feed ends the old one, and a deleted feed is 404 problem+json', async () => {
    const customer = await Client.as(platform, 'customer');
    const path = `/v1/customers/${customer.userId}/calendar-feed`;
    const old = await issue(customer, path);
    const current = await issue(customer, path);
    expect(current).not.toBe(old);
    const gone = await platform.request(old);
    expect(gone.status).toBe(404);
    expect(gone.headers.get('content-type')).toContain('application/problem+json');
    expect((await readJson(gone))['code']).toBe('not_found');
    await fetchFeed(current);

    expect((await customer.send('DELETE', path)).status).toBe(204);
    expect((await platform.request(current)).status).toBe(404);
    expect((await customer.send('DELETE', path)).status).toBe(404);
  });

  it('shows a series as one recurring event whose instances are the occurrences, cancelled and moved ones included', async () => {
    const customer = await Client.as(platform, 'customer');
    const feed = await issue(customer, `/v1/customers/${customer.userId}/calendar-feed`);
    // Mondays 09:00 in Santiago from 2027-08-23, across its September change, six of them.
    const santiago = await admin.createResource({
      name: 'Court 9',
      ownerId: host.userId,
      timeZone: 'America/Santiago',
      depositAmount: 0,
      currency: 'USD',
    });
    const series = await readJson(
      await customer.hold({
        resourceId: santiago['resourceId'],
        timeZone: 'America/Santiago',
        start: '2027-08-23T09:00:00',
        end: '2027-08-23T10:30:00',
        rrule: 'FREQ=WEEKLY;COUNT=6',
      }),
    );
    const seriesId = series['seriesId'] as string;
    const path = (recurrenceId: string, action: string) =>
      `/v1/series/${seriesId}/occurrences/${encodeURIComponent(recurrenceId)}/${action}`;
    expect((await customer.send('POST', path('2027-08-30T13:00:00Z', 'cancel'), {})).status).toBe(200);
    const moved = await customer.send('POST', path('2027-09-13T12:00:00Z', 'reschedule'), {
      start: '2027-09-14T11:00:00',
    });
    expect(moved.status).toBe(200);
    const text = await (await platform.request(feed)).text();
    const listed = (await readJson(await customer.send('GET', `/v1/series/${seriesId}/occurrences`)))[
      'data'
    ] as Json[];
    const held = listed.filter((occurrence) => occurrence['status'] !== 'CANCELLED');
    expect(held).toHaveLength(5);
    expect(
      expandCalendar(text, new Date('2028-01-01T00:00:00Z')).map(({ uid, start, end }) => [
        uid,
        start.toISOString().replace('.000', ''),
        end.toISOString().replace('.000', ''),
      ]),
    ).toEqual(held.map((occurrence) => [seriesUid(seriesId), occurrence['start'], occurrence['end']]));
    // One master and one override for the moved occurrence: one event in the customer's calendar.
    expect(parseCalendar(text).events.map((event) => event.uid)).toEqual([
      seriesUid(seriesId),
      seriesUid(seriesId),
    ]);
  });

  it('answers HEAD on a feed with the headers and Content-Length of its GET, and no body', async () => {
    const customer = await Client.as(platform, 'customer');
    const feed = await issue(customer, `/v1/customers/${customer.userId}/calendar-feed`);
    await book(customer, '2027-05-10T14:00:00Z', '2027-05-10T15:00:00Z');
    const got = await platform.request(feed);
    const body = Buffer.from(await got.arrayBuffer());
    const head = await platform.request(feed, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type'), head.headers.get('content-length')]).toEqual([
      200,
      'text/calendar; charset=utf-8',
      String(body.length),
    ]);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('refuses a resource name with a line break, so no feed can carry raw lines', async () => {
    const response = await admin.send('POST', '/v1/resources', { ...CAR, name: 'Court 2\r\nBEGIN:VEVENT' });
    expect([response.status, (await readJson(response))['errors']]).toEqual([
      400,
      [expect.objectContaining({ path: '/name' })],
    ]);
  });

  it.each([
    '/v1/calendars/abc.ics',
    `/v1/calendars/${'A'.repeat(43)}.ics`,
    `/v1/calendars/${'A'.repeat(43)}`,
  ])('answers 404 for %s, which no feed has', async (path) => {
    const response = await platform.request(path);
    expect(response.status).toBe(404);
    expect((await readJson(response))['code']).toBe('not_found');
  });
});
