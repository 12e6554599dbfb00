import { SignJWT } from 'jose';
import { DomainError } from '@booking/contracts';
import { JwtVerifier } from './jwt-verifier';

const secret = 'unit-test-secret-16+chars';
const key = new TextEncoder().encode(secret);

function sign(
  claims: Record<string, unknown>,
  { exp = '1h', alg = 'HS256' }: { exp?: string | number; alg?: string } = {},
) {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg }).setIssuedAt();
  if (exp !== '') jwt.setExpirationTime(exp);
  return jwt.sign(key);
}

async function rejection(verifier: JwtVerifier, header: string | undefined): Promise<string> {
  try {
    await verifier.verify(header);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'unauthorized') return error.message;
  }
  throw new Error('expected an unauthorized error');
}

describe('JwtVerifier', () => {
  const verifier = new JwtVerifier({ secret });

  it('returns the caller from sub and role', async () => {
    const token = await sign({ sub: 'cust-1', role: 'customer' });
    expect(await verifier.verify(`Bearer ${token}`)).toEqual({ userId: 'cust-1', role: 'customer' });
  });

  it('answers a known token from memory only until its exp', async () => {
    const now = Date.now();
    jest.useFakeTimers({ now, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const fresh = new JwtVerifier({ secret });
      const token = await sign({ sub: 'cust-2', role: 'customer' }, { exp: Math.floor(now / 1000) + 60 });
      expect(await fresh.verify(`Bearer ${token}`)).toEqual({ userId: 'cust-2', role: 'customer' });
      expect(await fresh.verify(`Bearer ${token}`)).toEqual({ userId: 'cust-2', role: 'customer' });
      jest.setSystemTime(now + 61_000);
      expect(await rejection(fresh, `Bearer ${token}`)).toBe('The token has expired.');
    } finally {
      jest.useRealTimers();
    }
  });

  it('rejects a missing header, another scheme and garbage', async () => {
    expect(await rejection(verifier, undefined)).toContain('bearer token');
    expect(await rejection(verifier, 'Basic abc')).toContain('bearer token');
    expect(await rejection(verifier, 'Bearer a.b.c')).toBe('The token is not valid.');
  });

  it('rejects an expired token and one without exp', async () => {
    expect(await rejection(verifier, `Bearer ${await sign({ sub: 'u', role: 'admin' }, { exp: 1 })}`)).toBe(
      'The token has expired.',
    );
    expect(await rejection(verifier, `Bearer ${await sign({ sub: 'u', role: 'admin' }, { exp: '' })}`)).toBe(
      'The token is not valid.',
    );
  });

  it('rejects an unknown role and a missing subject', async () => {
    expect(await rejection(verifier, `Bearer ${await sign({ sub: 'u', role: 'root' })}`)).toContain(
      'no known role',
    );
    expect(await rejection(verifier, `Bearer ${await sign({ role: 'admin' })}`)).toBe(
      'The token is not valid.',
    );
  });

  it('checks issuer and audience only when configured', async () => {
    const strict = new JwtVerifier({ secret, issuer: 'https://id.example', audience: 'booking' });
    const plain = await sign({ sub: 'u', role: 'admin' });
    expect(await rejection(strict, `Bearer ${plain}`)).toBe('The token is not valid.');
    const proper = await sign({ sub: 'u', role: 'admin', iss: 'https://id.example', aud: 'booking' });
    expect(await strict.verify(`Bearer ${proper}`)).toEqual({ userId: 'u', role: 'admin' });
  });
});

describe('JwtVerifier’s limits for a deployment', () => {
  it('refuses a token that lasts longer than the maximum, such as ten years', async () => {
    const limited = new JwtVerifier({ secret, maxLifetimeSeconds: 8 * 86_400 });
    const decade = await sign({ sub: 'u', role: 'admin' }, { exp: '3650d' });
    expect(await rejection(limited, `Bearer ${decade}`)).toMatch(/lasts longer than 691200 s/);
    const week = await sign({ sub: 'u', role: 'admin' }, { exp: '7d' });
    expect(await limited.verify(`Bearer ${week}`)).toEqual({ userId: 'u', role: 'admin' });
  });

  it('refuses every HS256 token when they are switched off, whatever its signature', async () => {
    const off = new JwtVerifier({ secret, hs256: false });
    expect(await rejection(off, `Bearer ${await sign({ sub: 'u', role: 'admin' })}`)).toBe(
      'Tokens signed by the platform are off here.',
    );
  });
});
