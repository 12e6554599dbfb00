import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type KeyLike } from 'jose';
import { DomainError } from '@booking/contracts';
import { JwtVerifier, type OidcSettings } from './jwt-verifier';
import { callerFromClaims } from './oidc-claims';

const AUDIENCE = 'https://api.booking.test';

/** An identity provider's two public documents, the keys it publishes changeable mid-test. */
class ProviderDocuments {
  published: JWK[] = [];
  jwksFetches = 0;
  private readonly server: Server = createServer((request, response) => {
    const json = (body: unknown) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.url === '/.well-known/openid-configuration')
      return json({ issuer: this.issuer, jwks_uri: `${this.issuer}/jwks` });
    if (request.url === '/jwks') {
      this.jwksFetches += 1;
      return json({ keys: this.published });
    }
    response.writeHead(404).end();
  });

  get issuer(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

interface SigningKey {
  kid: string;
  alg: 'RS256' | 'ES256';
  privateKey: KeyLike;
  jwk: JWK;
}

async function signingKey(kid: string, alg: 'RS256' | 'ES256'): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg);
  return { kid, alg, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' } };
}

function issue(key: SigningKey, claims: Record<string, unknown>, issuer: string, audience = AUDIENCE) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: key.alg, kid: key.kid })
    .setIssuer(issuer)
    .setAudience(audience)
    .setSubject('user-9')
    .setExpirationTime('5m')
    .sign(key.privateKey);
}

async function failure(verifier: JwtVerifier, token: string): Promise<string> {
  try {
    await verifier.verify(`Bearer ${token}`);
  } catch (error) {
    if (error instanceof DomainError) return error.code;
  }
  throw new Error('expected the token to be refused');
}

describe('JwtVerifier with an OpenID Connect provider', () => {
  const provider = new ProviderDocuments();
  let rsa: SigningKey;
  let ec: SigningKey;
  let settings: OidcSettings;

  beforeAll(async () => {
    await provider.start();
    [rsa, ec] = await Promise.all([signingKey('rsa-1', 'RS256'), signingKey('ec-1', 'ES256')]);
    settings = { issuer: provider.issuer, audience: AUDIENCE, claims: { user: 'sub', role: 'role' } };
  });
  beforeEach(() => (provider.published = [rsa.jwk, ec.jwk]));
  afterEach(() => jest.restoreAllMocks());
  afterAll(() => provider.stop());

  const verifier = () => new JwtVerifier({ secret: 'unit-test-secret-16+chars', oidc: settings });

  it('accepts RS256 and ES256 tokens through the keys its discovery document names', async () => {
    const gateway = verifier();
    const byRsa = await issue(rsa, { role: 'host' }, provider.issuer);
    const byEc = await issue(ec, { role: 'customer' }, provider.issuer);
    expect(await gateway.verify(`Bearer ${byRsa}`)).toEqual({ userId: 'user-9', role: 'host' });
    expect(await gateway.verify(`Bearer ${byEc}`)).toEqual({ userId: 'user-9', role: 'customer' });
  });

  it('refuses another issuer, another audience and a key the provider does not publish', async () => {
    const gateway = verifier();
    const stranger = await signingKey('rsa-1', 'RS256');
    expect(await failure(gateway, await issue(rsa, { role: 'host' }, 'https://evil.example'))).toBe(
      'unauthorized',
    );
    expect(await failure(gateway, await issue(rsa, { role: 'host' }, provider.issuer, 'other-api'))).toBe(
      'unauthorized',
    );
    expect(await failure(gateway, await issue(stranger, { role: 'admin' }, provider.issuer))).toBe(
      'unauthorized',
    );
  });

  it('follows a key rotation: a new kid fetches the key set again once the cooldown has passed', async () => {
    const gateway = verifier();
    await gateway.verify(`Bearer ${await issue(rsa, { role: 'host' }, provider.issuer)}`);
    const fetchesBefore = provider.jwksFetches;
    const rotated = await signingKey('rsa-2', 'RS256');
    provider.published = [rotated.jwk];
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + 31_000);
    const token = await issue(rotated, { role: 'admin' }, provider.issuer);
    expect(await gateway.verify(`Bearer ${token}`)).toEqual({ userId: 'user-9', role: 'admin' });
    expect(provider.jwksFetches).toBe(fetchesBefore + 1);
  });

  it('does not refetch the key set for every unknown kid (at most once per 30 s)', async () => {
    const gateway = verifier();
    await gateway.verify(`Bearer ${await issue(rsa, { role: 'host' }, provider.issuer)}`);
    const fetchesBefore = provider.jwksFetches;
    for (let i = 0; i < 20; i += 1) {
      const forged = await signingKey(`forged-${i}`, 'ES256');
      expect(await failure(gateway, await issue(forged, { role: 'admin' }, provider.issuer))).toBe(
        'unauthorized',
      );
    }
    expect(provider.jwksFetches).toBe(fetchesBefore);
  });

  it('still accepts the HS256 tokens signed with JWT_SECRET', async () => {
    const secret = new TextEncoder().encode('unit-test-secret-16+chars');
    const own = await new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('admin-1')
      .setExpirationTime('5m')
      .sign(secret);
    expect(await verifier().verify(`Bearer ${own}`)).toEqual({ userId: 'admin-1', role: 'admin' });
  });

  it('answers 503, not 401, when the provider cannot be reached', async () => {
    const unreachable = new JwtVerifier({
      secret: 'unit-test-secret-16+chars',
      oidc: { ...settings, issuer: 'http://127.0.0.1:9', jwksUri: undefined },
    });
    const token = await issue(rsa, { role: 'host' }, 'http://127.0.0.1:9');
    expect(await failure(unreachable, token)).toBe('service_unavailable');
  });
});

describe('callerFromClaims', () => {
  it('reads nested and listed roles, taking the most privileged known one', () => {
    const names = { user: 'preferred_username', role: 'realm_access.roles' };
    const payload = {
      preferred_username: 'ana',
      realm_access: { roles: ['offline_access', 'customer', 'host'] },
    };
    expect(callerFromClaims(payload, names)).toEqual({ userId: 'ana', role: 'host' });
  });

  it('names no caller without a user or a known role', () => {
    const names = { user: 'sub', role: 'role' };
    expect(callerFromClaims({ sub: 'u', role: ['root'] }, names)).toBeUndefined();
    expect(callerFromClaims({ sub: '', role: 'admin' }, names)).toBeUndefined();
    expect(callerFromClaims({ role: 'admin' }, names)).toBeUndefined();
  });
});
