import { parseConfig } from '@booking/config';
import { gatewayConfigSchema, localOnlyTokenSettings } from './gateway-config';

describe('CORS_ORIGINS', () => {
  it('is off by default, and a list of origins when given', () => {
    expect(parseConfig(gatewayConfigSchema, {}).CORS_ORIGINS).toEqual([]);
    expect(
      parseConfig(gatewayConfigSchema, { CORS_ORIGINS: 'https://app.example.com, http://localhost:5173' })
        .CORS_ORIGINS,
    ).toEqual(['https://app.example.com', 'http://localhost:5173']);
  });

  it('refuses what is not an origin: a wildcard, a path', () => {
    expect(() => parseConfig(gatewayConfigSchema, { CORS_ORIGINS: '*' })).toThrow(/CORS_ORIGINS/);
    expect(() => parseConfig(gatewayConfigSchema, { CORS_ORIGINS: 'https://app.example.com/app' })).toThrow(
      /CORS_ORIGINS/,
    );
  });
});

describe("the services' URLs", () => {
  it('are one URL by default, and the instances to balance over when several are given', () => {
    expect(parseConfig(gatewayConfigSchema, {}).BOOKING_URL).toEqual(['http://127.0.0.1:3001']);
    expect(
      parseConfig(gatewayConfigSchema, { BOOKING_URL: 'http://10.0.0.1:3001, http://10.0.0.2:3001' })
        .BOOKING_URL,
    ).toEqual(['http://10.0.0.1:3001', 'http://10.0.0.2:3001']);
  });

  it('refuses an empty list and what is not a URL', () => {
    expect(() => parseConfig(gatewayConfigSchema, { PAYMENT_URL: ' , ' })).toThrow(/PAYMENT_URL/);
    expect(() => parseConfig(gatewayConfigSchema, { REFUND_URL: 'http://ok:1,not a url' })).toThrow(
      /REFUND_URL/,
    );
  });
});

describe('OIDC_ISSUER', () => {
  it('is off by default, and needs the audience its tokens are issued for', () => {
    expect(parseConfig(gatewayConfigSchema, {}).OIDC_ISSUER).toBeUndefined();
    expect(() => parseConfig(gatewayConfigSchema, { OIDC_ISSUER: 'https://id.example.com' })).toThrow(
      /OIDC_AUDIENCE/,
    );
    const config = parseConfig(gatewayConfigSchema, {
      OIDC_ISSUER: 'https://id.example.com/realms/booking',
      OIDC_AUDIENCE: 'booking-api',
      OIDC_ROLE_CLAIM: 'realm_access.roles',
    });
    expect([config.OIDC_AUDIENCE, config.OIDC_USER_CLAIM, config.OIDC_ROLE_CLAIM]).toEqual([
      'booking-api',
      'sub',
      'realm_access.roles',
    ]);
  });
});

describe('the platform’s own tokens in a deployment', () => {
  const deployed = {
    NODE_ENV: 'production',
    JWT_SECRET: 'k3Jq9vXw2LmZp8RtYb4NcF6sHd1GaE7u',
    INTERNAL_JWT_SECRET: 'Zp8RtYb4NcF6sHd1GaE7uk3Jq9vXw2Lm',
  };
  const parse = (env: Record<string, string>) =>
    parseConfig(gatewayConfigSchema, { ...deployed, ...env }, { localOnly: localOnlyTokenSettings });

  it('requires an issuer and an audience for HS256 tokens, unless they are off', () => {
    expect(() => parse({})).toThrow(/JWT_ISSUER, JWT_AUDIENCE: required/);
    expect(parse({ JWT_ISSUER: 'https://api.example.net', JWT_AUDIENCE: 'urn:api' }).JWT_HS256).toBe('on');
    expect(
      parse({ JWT_HS256: 'off', OIDC_ISSUER: 'https://id.example.net', OIDC_AUDIENCE: 'urn:api' }).JWT_HS256,
    ).toBe('off');
  });

  it('refuses HS256 off without a provider: no token could be accepted', () => {
    expect(() => parseConfig(gatewayConfigSchema, { JWT_HS256: 'off' })).toThrow(/JWT_HS256/);
  });
});
