import { parseConfig } from '@booking/config';
import { gatewayConfigSchema } from './gateway-config';

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
