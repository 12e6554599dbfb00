import { startPlatform, type RunningPlatform } from './platform';
import { Client } from './fixtures';

describe('CORS at the gateway, for the origins in CORS_ORIGINS', () => {
  const APP = 'https://app.example.com';
  let platform: RunningPlatform;
  beforeAll(async () => {
    platform = await startPlatform({ env: { CORS_ORIGINS: `${APP}, https://admin.example.com` } });
  });
  afterAll(() => platform.stop());

  it('answers a preflight from an allowed origin, before any token is asked for', async () => {
    const response = await fetch(`${platform.gatewayUrl}/v1/bookings`, {
      method: 'OPTIONS',
      headers: {
        origin: APP,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, idempotency-key',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(APP);
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')).toContain('idempotency-key');
  });

  it('lets the browser read the request id of an answer, and names no other origin', async () => {
    const admin = await Client.as(platform, 'admin');
    const allowed = await admin.send('GET', '/v1/resources', undefined, { origin: APP });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(APP);
    expect(allowed.headers.get('access-control-expose-headers')).toContain('x-request-id');
    const other = await admin.send('GET', '/v1/resources', undefined, { origin: 'https://evil.example.net' });
    expect(other.status).toBe(200);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});
