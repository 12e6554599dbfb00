import { createHash, randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { startIdentitySandboxProcess, type IdentitySandboxProcess } from './identity-stand-in';
import { CAR, Client, readJson } from './fixtures';
import { startPlatform, type RunningPlatform } from './platform';

const AUDIENCE = 'urn:booking-platform:api';
const CLIENT_ID = 'booking-web';
const REDIRECT_URI = 'http://127.0.0.1:5173/signed-in';

/** A browser's cookie jar for one origin, enough to walk the redirects of a sign-in. */
class Browser {
  private readonly cookies = new Map<string, string>();

  async go(url: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: this.cookieHeader() },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      this.cookies.set(name!, value.join('='));
    }
    return response;
  }

  /** Follows redirects within the provider until one leaves it; returns where it leads. */
  async follow(url: string, init: RequestInit = {}): Promise<URL> {
    let response = await this.go(url, init);
    let location = new URL(response.headers.get('location') ?? '', url);
    while (response.status >= 300 && response.status < 400 && location.origin === new URL(url).origin) {
      response = await this.go(location.toString());
      location = new URL(response.headers.get('location') ?? location.toString(), location);
    }
    return location;
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

describe('signing in through an OpenID Connect provider (the identity stand-in, oidc-provider)', () => {
  jest.setTimeout(60_000);
  let idp: IdentitySandboxProcess;
  let platform: RunningPlatform;

  beforeAll(async () => {
    idp = await startIdentitySandboxProcess({ OIDC_AUDIENCE: AUDIENCE, WEB_REDIRECT_URIS: REDIRECT_URI });
    platform = await startPlatform({ env: { OIDC_ISSUER: idp.url, OIDC_AUDIENCE: AUDIENCE } });
  });
  afterAll(async () => {
    await platform.stop();
    await idp.stop();
  });

  async function signIn(accountId: string, challenge: string): Promise<URL> {
    const browser = new Browser();
    const authorize = new URL(`${idp.url}/auth`);
    authorize.search = new URLSearchParams({
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'openid profile',
      state: 'state-1',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }).toString();
    const page = await browser.follow(authorize.toString());
    expect(page.pathname).toMatch(/^\/interaction\//);
    const html = await (await browser.go(page.toString())).text();
    expect(html).toContain(accountId);
    return browser.follow(`${page.toString()}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ accountId }).toString(),
    });
  }

  function redeem(code: string, verifier: string): Promise<Response> {
    return fetch(`${idp.url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        client_id: CLIENT_ID,
        code_verifier: verifier,
      }).toString(),
    });
  }

  it('publishes its discovery document with PKCE S256 and its JWKS', async () => {
    const discovery = (await (await fetch(`${idp.url}/.well-known/openid-configuration`)).json()) as Record<
      string,
      unknown
    >;
    expect(discovery).toMatchObject({ issuer: idp.url, code_challenge_methods_supported: ['S256'] });
    const jwks = (await (await fetch(String(discovery['jwks_uri']))).json()) as { keys: { kty: string }[] };
    expect(jwks.keys.map((key) => key.kty)).toEqual(['RSA']);
  });

  async function accessToken(accountId: string): Promise<string> {
    const { verifier, challenge } = pkce();
    const back = await signIn(accountId, challenge);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('state')).toBe('state-1');
    const tokens = (await (await redeem(back.searchParams.get('code')!, verifier)).json()) as {
      access_token: string;
    };
    return tokens.access_token;
  }

  it('signs demo people in with code + PKCE; the gateway acts for each as the token says', async () => {
    const customerToken = await accessToken('customer-1');
    expect(decodeJwt(customerToken)).toMatchObject({ aud: AUDIENCE, sub: 'customer-1', role: 'customer' });
    const admin = await Client.as(platform, 'admin');
    const car = await admin.createResource({ ownerId: 'host-7' });
    const customer = Client.withToken(platform, 'customer-1', customerToken);
    const start = new Date(Date.now() + 3 * 86_400_000);
    const held = await customer.holdOk({
      resourceId: car['resourceId'],
      start: start.toISOString(),
      end: new Date(start.getTime() + 86_400_000).toISOString(),
    });
    expect(held['customerId']).toBe('customer-1');

    const host = Client.withToken(platform, 'host-7', await accessToken('host-7'));
    const seenByHost = await host.send('GET', `/v1/bookings/${held['bookingId']}`);
    expect(seenByHost.status).toBe(200);
    const other = Client.withToken(platform, 'customer-2', await accessToken('customer-2'));
    expect((await other.send('GET', `/v1/bookings/${held['bookingId']}`)).status).toBe(404);
    expect((await other.send('POST', '/v1/resources', CAR)).status).toBe(403);
  });

  it('refuses a token whose claims were changed after signing', async () => {
    const token = await accessToken('admin-1');
    const [header, , signature] = token.split('.');
    const claims = { ...decodeJwt(token), sub: 'admin-2' };
    const tampered = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    const response = await platform.request('/v1/resources', {
      headers: { authorization: `Bearer ${tampered}` },
    });
    expect(response.status).toBe(401);
    expect(await readJson(response)).toMatchObject({ code: 'unauthorized' });
  });

  it('refuses a code redeemed without its verifier, and a sign-in without PKCE', async () => {
    const { challenge } = pkce();
    const back = await signIn('customer-1', challenge);
    const stolen = await redeem(back.searchParams.get('code')!, pkce().verifier);
    expect(stolen.status).toBe(400);
    expect(await stolen.json()).toMatchObject({ error: 'invalid_grant' });

    const withoutPkce = new URL(`${idp.url}/auth`);
    withoutPkce.search = new URLSearchParams({
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'openid',
    }).toString();
    const refused = await new Browser().follow(withoutPkce.toString());
    expect(refused.searchParams.get('error')).toBe('invalid_request');
  });
});
