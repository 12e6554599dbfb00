import { calendar as calendarApi, type calendar_v3 } from '@googleapis/calendar';
import { OAuth2Client } from 'google-auth-library';
import { GoogleSandbox } from './google-sandbox';

const CLIENT = {
  clientId: 'test-client.apps.googleusercontent.com',
  clientSecret: 'test-secret',
  redirectUris: ['http://127.0.0.1:9/callback'],
};
const SCOPE = 'https://www.googleapis.com/auth/calendar.events';

/** Google's own client libraries, pointed at the stand-in: what the platform does. */
function googleClients(sandbox: GoogleSandbox) {
  const oauth = new OAuth2Client({
    clientId: CLIENT.clientId,
    clientSecret: CLIENT.clientSecret,
    redirectUri: CLIENT.redirectUris[0],
    endpoints: {
      oauth2AuthBaseUrl: `${sandbox.url}/o/oauth2/v2/auth`,
      oauth2TokenUrl: `${sandbox.url}/token`,
      oauth2RevokeUrl: `${sandbox.url}/revoke`,
    },
    // gaxios would import node-fetch dynamically, which jest's CommonJS runtime cannot do.
    transporterOptions: { fetchImplementation: fetch },
    // A 401 refreshes the access token and retries once, even before its expiry says so.
    forceRefreshOnFailure: true,
  });
  const calendar = calendarApi({
    version: 'v3',
    auth: oauth,
    rootUrl: `${sandbox.url}/`,
    retry: false,
    fetchImplementation: fetch,
  });
  return { oauth, calendar };
}

/** Walks the consent screen as a person would: opens it, presses Allow, follows the redirect. */
async function consent(sandbox: GoogleSandbox, oauth: OAuth2Client, account = 'dr.lan@example.com') {
  const { codeVerifier, codeChallenge } = await oauth.generateCodeVerifierAsync();
  const url = oauth.generateAuthUrl({
    access_type: 'offline',
    scope: [SCOPE],
    state: 'state-1',
    code_challenge: codeChallenge,
    code_challenge_method: 'S256' as never,
  });
  const page = await fetch(url);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Allow access to your calendar?');
  const form = new URLSearchParams({
    ...Object.fromEntries(new URL(url).searchParams),
    account,
    decision: 'allow',
  });
  const approved = await fetch(url, { method: 'POST', body: form, redirect: 'manual' });
  expect(approved.status).toBe(302);
  const back = new URL(approved.headers.get('location')!);
  expect(back.origin + back.pathname).toBe(CLIENT.redirectUris[0]);
  expect(back.searchParams.get('state')).toBe('state-1');
  return { code: back.searchParams.get('code')!, codeVerifier };
}

const statusOf = async (call: Promise<unknown>) =>
  call.then(
    () => 200,
    (error: { status?: number; response?: { status: number } }) => error.status ?? error.response?.status,
  );

describe('the Google stand-in, driven by Google’s own client libraries', () => {
  let sandbox: GoogleSandbox;
  let oauth: OAuth2Client;
  let calendar: calendar_v3.Calendar;
  let refreshToken: string | null | undefined;
  beforeAll(async () => {
    sandbox = await new GoogleSandbox({ port: 0, client: CLIENT }).start();
    ({ oauth, calendar } = googleClients(sandbox));
    const { code, codeVerifier } = await consent(sandbox, oauth);
    const { tokens } = await oauth.getToken({ code, codeVerifier });
    refreshToken = tokens.refresh_token;
    oauth.setCredentials(tokens);
  });
  afterAll(async () => {
    await sandbox.stop();
  });

  it('gives a refresh token for offline access in exchange for the code and its PKCE verifier', () => {
    expect(refreshToken).toMatch(/^1\/\//);
  });

  it('refuses a code twice, a wrong PKCE verifier, and an unregistered redirect', async () => {
    const other = googleClients(sandbox).oauth;
    const { code, codeVerifier } = await consent(sandbox, other);
    await expect(other.getToken({ code, codeVerifier: `${codeVerifier}x` })).rejects.toThrow(/invalid_grant/);
    await expect(other.getToken({ code, codeVerifier })).rejects.toThrow(/invalid_grant/);
    const foreign = new URL(
      other.generateAuthUrl({ scope: [SCOPE], redirect_uri: 'https://evil.example/cb' }),
    );
    expect((await fetch(foreign)).status).toBe(400);
  });

  it('inserts once per id (409 after), and validates ids, zones, ranges and rules as Google does', async () => {
    const event = {
      id: 'booking0abc123',
      summary: 'Appointment',
      start: { dateTime: '2027-03-15T10:00:00-04:00', timeZone: 'America/New_York' },
      end: { dateTime: '2027-03-15T11:00:00-04:00', timeZone: 'America/New_York' },
      extendedProperties: { private: { bookingId: 'b-1' } },
    };
    const inserted = await calendar.events.insert({ calendarId: 'primary', requestBody: event });
    expect(inserted.data).toMatchObject({ id: 'booking0abc123', status: 'confirmed', etag: '"1"' });
    expect(await statusOf(calendar.events.insert({ calendarId: 'primary', requestBody: event }))).toBe(409);
    const bad = (overrides: object) =>
      statusOf(calendar.events.insert({ calendarId: 'primary', requestBody: { ...event, ...overrides } }));
    expect(await bad({ id: 'UPPER0case' })).toBe(400);
    expect(await bad({ id: 'wxyz01' })).toBe(400); // w–z are not base32hex
    expect(await bad({ id: 'abcd' })).toBe(400); // shorter than 5
    expect(
      await bad({ id: 'zone000001', start: { dateTime: event.start.dateTime, timeZone: 'Mars/Base' } }),
    ).toBe(400);
    expect(await bad({ id: 'range00001', end: event.start })).toBe(400);
    expect(await bad({ id: 'rrule00001', recurrence: ['RRULE:FREQ=SOMETIMES'] })).toBe(400);
    expect(sandbox.store.eventsOf('dr.lan@example.com').map((stored) => stored.id)).toEqual([
      'booking0abc123',
    ]);
  });

  it('patches with If-Match, keeps a deleted event as cancelled and answers a second delete 410', async () => {
    const created = await calendar.events.insert({
      calendarId: 'primary',
      requestBody: {
        id: 'patch0000001',
        start: { dateTime: '2027-04-01T09:00:00Z' },
        end: { dateTime: '2027-04-01T10:00:00Z' },
      },
    });
    const stale = calendar.events.patch(
      { calendarId: 'primary', eventId: 'patch0000001', requestBody: { summary: 'x' } },
      { headers: { 'If-Match': '"0"' } },
    );
    expect(await statusOf(stale)).toBe(412);
    const patched = await calendar.events.patch(
      { calendarId: 'primary', eventId: 'patch0000001', requestBody: { summary: 'Moved' } },
      { headers: { 'If-Match': created.data.etag! } },
    );
    expect(patched.data).toMatchObject({ summary: 'Moved', etag: '"2"', sequence: 1 });
    await calendar.events.delete({ calendarId: 'primary', eventId: 'patch0000001' });
    expect((await calendar.events.get({ calendarId: 'primary', eventId: 'patch0000001' })).data.status).toBe(
      'cancelled',
    );
    expect(await statusOf(calendar.events.delete({ calendarId: 'primary', eventId: 'patch0000001' }))).toBe(
      410,
    );
  });

  it('expands a weekly series at 10:00 New York time across the March change, with exceptions', async () => {
    await calendar.events.insert({
      calendarId: 'primary',
      requestBody: {
        id: 'series000001',
        start: { dateTime: '2027-03-03T10:00:00-05:00', timeZone: 'America/New_York' },
        end: { dateTime: '2027-03-03T11:00:00-05:00', timeZone: 'America/New_York' },
        recurrence: ['RRULE:FREQ=WEEKLY;COUNT=4'],
      },
    });
    await calendar.events.delete({ calendarId: 'primary', eventId: 'series000001_20270310T150000Z' });
    await calendar.events.patch({
      calendarId: 'primary',
      eventId: 'series000001_20270317T140000Z',
      requestBody: {
        start: { dateTime: '2027-03-18T12:00:00-04:00', timeZone: 'America/New_York' },
        end: { dateTime: '2027-03-18T13:00:00-04:00', timeZone: 'America/New_York' },
      },
    });
    const { data } = await calendar.events.instances({ calendarId: 'primary', eventId: 'series000001' });
    expect(
      data.items!.map((item) => [item.originalStartTime!.dateTime, item.status, item.start!.dateTime]),
    ).toEqual([
      ['2027-03-03T10:00:00-05:00', 'confirmed', '2027-03-03T10:00:00-05:00'],
      ['2027-03-10T10:00:00-05:00', 'cancelled', '2027-03-10T10:00:00-05:00'],
      ['2027-03-17T10:00:00-04:00', 'confirmed', '2027-03-18T12:00:00-04:00'],
      ['2027-03-24T10:00:00-04:00', 'confirmed', '2027-03-24T10:00:00-04:00'],
    ]);
  });

  it('fails on request, refreshes an expired access token by itself, and refuses a revoked grant', async () => {
    const probe = () => statusOf(calendar.events.get({ calendarId: 'primary', eventId: 'booking0abc123' }));
    sandbox.setFaults({ failNext: { status: 503, count: 2 } });
    expect([await probe(), await probe(), await probe()]).toEqual([503, 503, 200]);

    sandbox.setFaults({ expireAccessTokens: true });
    const before = oauth.credentials.access_token;
    expect(await probe()).toBe(200);
    expect(oauth.credentials.access_token).not.toBe(before);

    sandbox.setFaults({ revokeGrants: true });
    sandbox.setFaults({ expireAccessTokens: true });
    await expect(calendar.events.get({ calendarId: 'primary', eventId: 'booking0abc123' })).rejects.toThrow(
      /invalid_grant/,
    );
  });
});
