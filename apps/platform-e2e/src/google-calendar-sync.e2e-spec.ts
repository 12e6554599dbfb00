import { randomUUID } from 'node:crypto';
import { EVENT_EXAMPLES } from '@booking/contracts';
import { eventResource } from '@booking/app-google-sandbox';
import { AesGcmTokenCipher, parseTokenKeys, SyncCalendarsJob } from '@booking/app-notification';
import { bookingUid } from '@booking/ics';
import { expectEventually, sampleSum, uniqueName } from '@booking/testing';
import { Client, publishEvent, readJson, type Json } from './fixtures';
import { startPlatform, type RunningPlatform } from './platform';

// Two keys, as in the middle of a rotation: `current` seals, `previous` still opens.
const TOKEN_KEYS = `current:${Buffer.alloc(32, 1).toString('base64')},previous:${Buffer.alloc(32, 2).toString('base64')}`;

describe('one-way Google Calendar sync, through the gateway and the Google stand-in', () => {
  let platform: RunningPlatform;
  let admin: Client;
  let host: Client;
  let customer: Client;
  beforeAll(async () => {
    // One customer makes every booking here: more holds than the default limit allows.
    platform = await startPlatform({
      now: '2027-03-01T12:00:00Z',
      env: { HOLD_RATE_LIMIT: '100', CALENDAR_TOKEN_KEYS: TOKEN_KEYS },
    });
    admin = await Client.as(platform, 'admin');
    host = await Client.as(platform, 'host');
    customer = await Client.as(platform, 'customer');
  });
  afterAll(async () => {
    await platform.stop();
  });

  /** A New York resource of the host's that confirms at once (no deposit), with its own Google account. */
  async function resource() {
    const created = await admin.createResource({
      ownerId: host.userId,
      timeZone: 'America/New_York',
      depositAmount: 0,
      currency: 'USD',
    });
    return { resourceId: created['resourceId'] as string, account: `${uniqueName('cal')}@example.com` };
  }

  /** The host connects the resource's calendar: consent at the stand-in, then Google's redirect back. */
  async function connect(resourceId: string, account: string, decision = 'allow', finisher?: Client) {
    const started = await host.send('POST', `/v1/resources/${resourceId}/calendar-connection`);
    expect(started.status).toBe(201);
    const { authorizationUrl } = await readJson(started);
    const consentPage = await fetch(authorizationUrl as string);
    expect(consentPage.status).toBe(200);
    const form = new URLSearchParams({
      ...Object.fromEntries(new URL(authorizationUrl as string).searchParams),
      account,
      decision,
    });
    const redirect = await fetch(authorizationUrl as string, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    expect(redirect.status).toBe(302);
    const back = new URL(redirect.headers.get('location')!);
    expect(back.pathname).toBe('/v1/calendar-connections/callback');
    lastCallback = `${back.pathname}${back.search}`;
    // The web app's page hands Google's answer over with the signed-in host's token.
    return (finisher ?? host).send('GET', lastCallback);
  }
  let lastCallback = '';

  const connectionOf = async (resourceId: string) =>
    readJson(await host.send('GET', `/v1/resources/${resourceId}/calendar-connection`));
  const book = async (resourceId: string, start: string, end: string) =>
    (await customer.holdOk({ resourceId, start, end }))['bookingId'] as string;
  const eventOf = (account: string, bookingId: string) =>
    platform.google.store
      .eventsOf(account)
      .filter((event) => event.extendedProperties?.private?.['bookingId'] === bookingId);
  /** Waits for the calendar to hold exactly one event of the booking that passes `check`; moves the clock for retries. */
  const eventually = (account: string, bookingId: string, check: (event: Json) => void) =>
    expectEventually(
      () => {
        platform.clock.advance(500);
        const events = eventOf(account, bookingId);
        expect(events).toHaveLength(1);
        check(events[0] as unknown as Json);
        return events[0]!;
      },
      { intervalMs: 25 },
    );

  it('connects (backfilling a booking made before), then follows a booking through a move and a cancellation', async () => {
    const { resourceId, account } = await resource();
    // Saturday 13 March 10:00 EST, before the calendar is connected.
    const before = await book(resourceId, '2027-03-13T15:00:00Z', '2027-03-13T16:00:00Z');
    const connected = await connect(resourceId, account);
    expect(connected.status).toBe(200);
    expect(await readJson(connected)).toMatchObject({ resourceId, provider: 'google', status: 'connected' });
    const synced = await eventually(account, before, (event) =>
      expect(event['start']).toEqual({ dateTime: '2027-03-13T10:00:00-05:00', timeZone: 'America/New_York' }),
    );
    // A host who also subscribes to the resource's feed sees the booking once: Google's iCalUID is its UID.
    expect(eventResource(synced).iCalUID).toBe(bookingUid(before));

    // Monday 15 March 10:00 EDT, after the change.
    const after = await book(resourceId, '2027-03-15T14:00:00Z', '2027-03-15T15:00:00Z');
    await eventually(account, after, (event) => {
      expect(event['start']).toEqual({ dateTime: '2027-03-15T10:00:00-04:00', timeZone: 'America/New_York' });
      expect(event['end']).toEqual({ dateTime: '2027-03-15T11:00:00-04:00', timeZone: 'America/New_York' });
      expect(event['status']).toBe('confirmed');
    });
    const moved = await customer.send('POST', `/v1/bookings/${after}/reschedule`, {
      start: '2027-03-16T18:30:00Z',
      end: '2027-03-16T20:00:00Z',
    });
    expect(moved.status).toBe(200);
    await eventually(account, after, (event) =>
      expect(event['start']).toEqual({ dateTime: '2027-03-16T14:30:00-04:00', timeZone: 'America/New_York' }),
    );
    expect((await customer.send('POST', `/v1/bookings/${after}/cancel`, {})).status).toBe(200);
    await eventually(account, after, (event) => expect(event['status']).toBe('cancelled'));

    expect(platform.google.store.eventsOf(account)).toHaveLength(2);
    const view = await connectionOf(resourceId);
    expect(view).toMatchObject({ status: 'connected', calendarId: 'primary', lastError: null });
    expect(view['lastSyncedAt']).not.toBeNull();
    // No secret in the answer, none in clear in the database.
    expect(Object.keys(view).sort()).toEqual(
      ['calendarId', 'connectedAt', 'lastError', 'lastSyncedAt', 'provider', 'resourceId', 'status'].sort(),
    );
    const { rows } = await platform
      .database('notification')
      .query<{ token_ciphertext: Buffer }>(
        'SELECT token_ciphertext FROM calendar_connection WHERE resource_id = $1',
        [resourceId],
      );
    expect(rows[0]!.token_ciphertext.toString('latin1')).not.toContain('1//');
  });

  it('makes one event of a booking.confirmed delivered three times, and of a stale copy', async () => {
    const { resourceId, account } = await resource();
    expect((await connect(resourceId, account)).status).toBe(200);
    const bookingId = randomUUID();
    const data = {
      ...EVENT_EXAMPLES['booking.confirmed'],
      bookingId,
      resourceId,
      timeZone: 'America/New_York',
      start: '2027-03-20T14:00:00Z',
      end: '2027-03-20T15:00:00Z',
      startLocal: '2027-03-20T10:00:00',
      endLocal: '2027-03-20T11:00:00',
      version: 2,
    };
    const eventId = randomUUID();
    const calls = platform.google.calls.length;
    for (let copy = 0; copy < 3; copy += 1)
      await publishEvent(platform, 'booking', eventId, 'booking.confirmed', data);
    // Another id, an older version: what a stale retry would look like.
    await publishEvent(platform, 'booking', randomUUID(), 'booking.confirmed', {
      ...data,
      version: 1,
      start: '2027-03-19T14:00:00Z',
    });
    await eventually(account, bookingId, (event) =>
      expect((event['start'] as Json)['dateTime']).toBe('2027-03-20T10:00:00-04:00'),
    );
    expect(eventOf(account, bookingId)[0]!.start.dateTime).toBe('2027-03-20T10:00:00-04:00');
    // The barrier: a move of the same booking, so on the same key and partition, after the copies.
    // Once Google shows it, every copy before it has been handled.
    await publishEvent(platform, 'booking', randomUUID(), 'booking.rescheduled', {
      ...data,
      version: 3,
      start: '2027-03-22T14:00:00Z',
      end: '2027-03-22T15:00:00Z',
      startLocal: '2027-03-22T10:00:00',
      endLocal: '2027-03-22T11:00:00',
      previousStart: data.start,
      previousEnd: data.end,
    });
    await eventually(account, bookingId, (event) =>
      expect((event['start'] as Json)['dateTime']).toBe('2027-03-22T10:00:00-04:00'),
    );
    // One write for the three copies, none for the stale one, one for the move. A write inserts the
    // event by its own id and patches it when Google answers that the id exists (409).
    expect(platform.google.calls.slice(calls).map((call) => [call.method, call.status])).toEqual([
      ['POST', 200],
      ['POST', 409],
      ['PATCH', 200],
    ]);
    expect(eventOf(account, bookingId)).toHaveLength(1);
  });

  it('syncs once Google recovers from 500s, and refreshes an expired access token by itself', async () => {
    const { resourceId, account } = await resource();
    expect((await connect(resourceId, account)).status).toBe(200);
    const syncs = async (outcome: string) =>
      sampleSum(
        await (await fetch(`${platform.serviceUrls.notification}/metrics`)).text(),
        'calendar_syncs_total',
        { outcome },
      );
    // Counted from here: the writes of earlier tests have all been recorded.
    await platform.runJob('notification', SyncCalendarsJob);
    const [retriesBefore, doneBefore] = [await syncs('retry'), await syncs('done')];
    platform.google.setFaults({ failNext: { status: 500, count: 3 } });
    const calls = platform.google.calls.length;
    const bookingId = await book(resourceId, '2027-03-22T14:00:00Z', '2027-03-22T15:00:00Z');
    await eventually(account, bookingId, () => undefined);
    expect(platform.google.calls.slice(calls).map((call) => call.status)).toEqual([500, 500, 500, 200]);
    // Counted once the job has recorded the write, a moment after Google has the event.
    await expectEventually(async () =>
      expect([(await syncs('retry')) - retriesBefore, (await syncs('done')) - doneBefore]).toEqual([3, 1]),
    );

    platform.google.setFaults({ expireAccessTokens: true });
    const afterExpiry = platform.google.calls.length;
    const next = await book(resourceId, '2027-03-23T14:00:00Z', '2027-03-23T15:00:00Z');
    await eventually(account, next, () => undefined);
    expect(platform.google.calls.slice(afterExpiry).map((call) => call.status)).toEqual([401, 200]);
    expect((await connectionOf(resourceId))['status']).toBe('connected');
  });

  it('shows error on the connection when the grant is revoked, keeps booking, and syncs again once reconnected', async () => {
    const { resourceId, account } = await resource();
    expect((await connect(resourceId, account)).status).toBe(200);
    platform.google.setFaults({ revokeGrants: true, expireAccessTokens: true });
    const bookingId = await book(resourceId, '2027-03-24T14:00:00Z', '2027-03-24T15:00:00Z');
    const failed = await expectEventually(async () => {
      platform.clock.advance(500);
      const view = await connectionOf(resourceId);
      expect(view['status']).toBe('error');
      return view;
    });
    expect(failed['lastError']).toMatch(/invalid_grant/);
    expect(eventOf(account, bookingId)).toHaveLength(0);
    // Nothing else broke: the booking stands and the next one is taken.
    expect((await readJson(await customer.send('GET', `/v1/bookings/${bookingId}`)))['status']).toBe(
      'CONFIRMED',
    );
    await book(resourceId, '2027-03-25T14:00:00Z', '2027-03-25T15:00:00Z');

    expect((await connect(resourceId, account)).status).toBe(200);
    await eventually(account, bookingId, () => undefined);
    expect(await connectionOf(resourceId)).toMatchObject({ status: 'connected', lastError: null });
  });

  it('writes a weekly New York series (made before connecting) as one recurring event at 10:00 across the March change, from the platform’s expansion', async () => {
    const { resourceId, account } = await resource();
    const created = await customer.hold({
      resourceId,
      timeZone: 'America/New_York',
      start: '2027-03-03T10:00:00',
      end: '2027-03-03T11:00:00',
      rrule: 'FREQ=WEEKLY;COUNT=4',
    });
    expect(created.status).toBe(201);
    const seriesId = (await readJson(created))['seriesId'] as string;
    // Made before the calendar was connected: connecting brings it in.
    expect((await connect(resourceId, account)).status).toBe(200);
    const occurrence = (recurrenceId: string, action: string) =>
      `/v1/series/${seriesId}/occurrences/${encodeURIComponent(recurrenceId)}/${action}`;
    // The second is cancelled; the third (10:00 EDT on 17 March) moves to 12:00 the next day.
    expect((await customer.send('POST', occurrence('2027-03-10T15:00:00Z', 'cancel'), {})).status).toBe(200);
    const moved = await customer.send('POST', occurrence('2027-03-17T14:00:00Z', 'reschedule'), {
      start: '2027-03-18T16:00:00Z',
      end: '2027-03-18T17:00:00Z',
    });
    expect(moved.status).toBe(200);

    const instances = await expectEventually(
      () => {
        platform.clock.advance(500);
        const events = platform.google.store.eventsOf(account);
        // One recurring event, and no event of its own for any occurrence.
        expect(events.map((event) => event.extendedProperties?.private)).toEqual([
          { seriesId, version: expect.any(String) },
        ]);
        // COUNT as the UNTIL of the last occurrence; the cancelled one an EXDATE at its wall time.
        expect(events[0]!.recurrence).toEqual([
          'RRULE:FREQ=WEEKLY;UNTIL=20270324T140000Z',
          'EXDATE;TZID=America/New_York:20270310T100000',
        ]);
        const drawn = platform.google.store
          .instances(account, events[0]!.id)
          .map((instance) => [instance.originalStartTime.dateTime, instance.status, instance.start.dateTime]);
        expect(drawn).toEqual([
          ['2027-03-03T10:00:00-05:00', 'confirmed', '2027-03-03T10:00:00-05:00'],
          ['2027-03-17T10:00:00-04:00', 'confirmed', '2027-03-18T12:00:00-04:00'],
          ['2027-03-24T10:00:00-04:00', 'confirmed', '2027-03-24T10:00:00-04:00'],
        ]);
        return drawn;
      },
      { intervalMs: 25 },
    );
    expect(instances).toHaveLength(3);

    // Cancelling the series removes its event.
    expect((await customer.send('POST', `/v1/series/${seriesId}/cancel`, {})).status).toBe(200);
    await expectEventually(() => {
      platform.clock.advance(500);
      expect(platform.google.store.eventsOf(account).map((event) => event.status)).toEqual(['cancelled']);
    });
  });

  it('reads a token sealed with a key rotated out of first place, and seals it again with the current one', async () => {
    const { resourceId, account } = await resource();
    expect((await connect(resourceId, account)).status).toBe(200);
    const db = platform.database('notification');
    const row = async () =>
      (
        await db.query<{
          token_key_id: string;
          token_iv: Buffer;
          token_ciphertext: Buffer;
          token_tag: Buffer;
        }>(
          'SELECT token_key_id, token_iv, token_ciphertext, token_tag FROM calendar_connection WHERE resource_id = $1',
          [resourceId],
        )
      ).rows[0]!;
    const sealed = await row();
    expect(sealed.token_key_id).toBe('current');
    const [current, previous] = parseTokenKeys(TOKEN_KEYS);
    const token = new AesGcmTokenCipher([current!]).open(
      { keyId: 'current', iv: sealed.token_iv, ciphertext: sealed.token_ciphertext, tag: sealed.token_tag },
      resourceId,
    );
    // As if it had been sealed before `current` was put first.
    const old = new AesGcmTokenCipher([previous!]).seal(token, resourceId);
    await db.query(
      `UPDATE calendar_connection SET token_key_id = $2, token_iv = $3, token_ciphertext = $4, token_tag = $5
        WHERE resource_id = $1`,
      [resourceId, old.keyId, old.iv, old.ciphertext, old.tag],
    );
    const bookingId = await book(resourceId, '2027-03-27T14:00:00Z', '2027-03-27T15:00:00Z');
    await eventually(account, bookingId, () => undefined);
    expect((await row()).token_key_id).toBe('current');
  });

  it('lets only the host or an admin manage the connection, and refuses a denied, unknown or reused consent', async () => {
    const { resourceId, account } = await resource();
    const path = `/v1/resources/${resourceId}/calendar-connection`;
    const stranger = await Client.as(platform, 'host');
    expect((await stranger.send('POST', path)).status).toBe(403);
    expect((await customer.send('POST', path)).status).toBe(403);
    expect(
      (await admin.send('POST', '/v1/resources/00000000-0000-4000-8000-000000000000/calendar-connection'))
        .status,
    ).toBe(404);
    expect((await host.send('GET', path)).status).toBe(404);

    const denied = await connect(resourceId, account, 'deny');
    expect(denied.status).toBe(403);
    expect((await readJson(denied))['code']).toBe('forbidden');
    const unknown = await host.send('GET', '/v1/calendar-connections/callback?state=made-up&code=4/abc');
    expect(unknown.status).toBe(400);
    expect((await readJson(unknown))['code']).toBe('validation_failed');
    expect((await connect(resourceId, account)).status).toBe(200);
    expect((await host.send('GET', lastCallback)).status).toBe(400);
  });

  it('lets only who started the consent finish it: not another host, not without a token', async () => {
    const { resourceId, account } = await resource();
    const otherHost = await Client.as(platform, 'host');
    // Another host has the consent finished with their own Google account: refused, and it is spent.
    const hijacked = await connect(resourceId, `${uniqueName('mallory')}@example.com`, 'allow', otherHost);
    expect(hijacked.status).toBe(403);
    expect((await readJson(hijacked))['code']).toBe('forbidden');
    expect((await host.send('GET', lastCallback)).status).toBe(400);
    expect((await host.send('GET', `/v1/resources/${resourceId}/calendar-connection`)).status).toBe(404);
    // A browser without a token cannot finish one either; the host, with theirs, can.
    const anonymous = await platform.request('/v1/calendar-connections/callback?state=made-up&code=4/abc');
    expect(anonymous.status).toBe(401);
    expect((await connect(resourceId, account)).status).toBe(200);
  });

  it('disconnects: stops syncing and revokes the grant at Google', async () => {
    const { resourceId, account } = await resource();
    expect((await connect(resourceId, account)).status).toBe(200);
    const path = `/v1/resources/${resourceId}/calendar-connection`;
    expect((await admin.send('DELETE', path)).status).toBe(204);
    expect((await host.send('GET', path)).status).toBe(404);
    expect((await host.send('DELETE', path)).status).toBe(404);
    expect(platform.google.grants.isRevoked(account)).toBe(true);
    const bookingId = await book(resourceId, '2027-03-26T14:00:00Z', '2027-03-26T15:00:00Z');
    const db = platform.database('notification');
    await expectEventually(async () => {
      const { rowCount } = await db.query('SELECT 1 FROM notification_booking WHERE booking_id = $1', [
        bookingId,
      ]);
      expect(rowCount).toBe(1);
    });
    const { rowCount } = await db.query('SELECT 1 FROM calendar_sync WHERE resource_id = $1', [resourceId]);
    expect(rowCount).toBe(0);
    expect(eventOf(account, bookingId)).toHaveLength(0);
  });
});
