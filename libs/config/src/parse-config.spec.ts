import { z } from 'zod';
import { commonConfigSchema } from './common-config';
import { ConfigError, parseConfig, standIn } from './parse-config';

describe('parseConfig', () => {
  it('fills in working local defaults', () => {
    const config = parseConfig(commonConfigSchema, {});
    expect(config.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432');
    expect(config.KAFKA_BROKERS).toEqual(['127.0.0.1:9092']);
  });

  it('splits a broker list', () => {
    const config = parseConfig(commonConfigSchema, { KAFKA_BROKERS: 'a:1, b:2,' });
    expect(config.KAFKA_BROKERS).toEqual(['a:1', 'b:2']);
  });

  it('names every bad setting at once', () => {
    const schema = commonConfigSchema.extend({ PORT: z.coerce.number().int() });
    const attempt = () => parseConfig(schema, { DATABASE_URL: 'nope', PORT: 'x' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/DATABASE_URL[\s\S]*PORT/);
  });
});

describe('parseConfig in production', () => {
  const schema = commonConfigSchema.extend({
    JWT_SECRET: z.string().default('local-development-secret-change-me'),
    SMTP_URL: z.string().default('smtp://notification:local-smtp-password@127.0.0.1:2525'),
    HOOK_SECRET: z.string().default('whsec_bG9jYWwtZGV2ZWxvcG1lbnQtd2ViaG9vay1zZWNyZXQ='),
  });
  const secrets = ['JWT_SECRET', 'SMTP_URL', 'HOOK_SECRET'];
  const strong = 'k3Jq9vXw2LmZp8RtYb4NcF6sHd1GaE7u';
  const good = {
    NODE_ENV: 'production',
    JWT_SECRET: strong,
    SMTP_URL: `smtp://mailer:${strong}@smtp.internal:587`,
    HOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
  };
  const problemsOf = (env: Record<string, string | undefined>): string[] => {
    try {
      parseConfig(schema, env, { secrets });
      return [];
    } catch (error) {
      if (error instanceof ConfigError) return error.issues;
      throw error;
    }
  };

  it('runs with secrets of the operator’s own', () => {
    expect(problemsOf(good)).toEqual([]);
  });

  it.each([
    [
      'missing, so the development default would be used',
      { JWT_SECRET: undefined },
      'JWT_SECRET: must be set in production',
    ],
    [
      'the development default given explicitly',
      { JWT_SECRET: 'local-development-secret-change-me' },
      'JWT_SECRET: is the development default; set a secret of your own',
    ],
    [
      'a placeholder',
      { JWT_SECRET: 'CHANGE_ME_AT_LEAST_16_CHARACTERS_LONG_XX' },
      'JWT_SECRET: is a placeholder; set a real secret',
    ],
    [
      'shorter than 32 bytes',
      { JWT_SECRET: 'k3Jq9vXw2LmZp8RtYb4N' },
      'JWT_SECRET: must be at least 32 bytes',
    ],
    [
      'a relay password that is a placeholder',
      { SMTP_URL: 'smtp://CHANGE_ME:CHANGE_ME@smtp.example.com:587' },
      'SMTP_URL: is a placeholder; set a real secret',
    ],
    [
      'a webhook key of 16 bytes after whsec_',
      { HOOK_SECRET: `whsec_${Buffer.alloc(16, 7).toString('base64')}` },
      'HOOK_SECRET: must be at least 32 bytes',
    ],
  ])('refuses a secret that is %s', (_what, change, problem) => {
    expect(problemsOf({ ...good, ...change })).toEqual([problem]);
  });

  it('keeps the development defaults in development and test only', () => {
    expect(problemsOf({ NODE_ENV: 'development' })).toEqual([]);
    expect(problemsOf({ NODE_ENV: 'test' })).toEqual([]);
  });

  it('refuses the development defaults where NODE_ENV says nothing, the public internal secret included', () => {
    expect(problemsOf({})).toEqual([
      'JWT_SECRET: must be set in production',
      'SMTP_URL: must be set in production',
      'HOOK_SECRET: must be set in production',
    ]);
    const internal = () =>
      parseConfig(
        commonConfigSchema,
        { INTERNAL_JWT_SECRET: 'local-development-internal-secret' },
        {
          secrets: ['INTERNAL_JWT_SECRET'],
        },
      );
    expect(internal).toThrow(/INTERNAL_JWT_SECRET: is the development default/);
  });
});

describe('parseConfig with stand-ins', () => {
  const schema = commonConfigSchema.extend({ PROVIDER: z.enum(['sandbox', 'real']).default('sandbox') });
  const localOnly = (config: { PROVIDER: string }) =>
    config.PROVIDER === 'sandbox' ? ['PROVIDER: sandbox is the local stand-in'] : [];
  const env = { INTERNAL_JWT_SECRET: 'k3Jq9vXw2LmZp8RtYb4NcF6sHd1GaE7u' };

  it('refuses a stand-in in production, or where NODE_ENV says nothing', () => {
    for (const NODE_ENV of ['production', undefined])
      expect(() => parseConfig(schema, { ...env, NODE_ENV }, { localOnly })).toThrow(
        /PROVIDER: sandbox is the local stand-in/,
      );
    expect(() =>
      parseConfig(schema, { NODE_ENV: 'production' }, { localOnly: standIn('payment-sandbox') }),
    ).toThrow(/payment-sandbox: a local stand-in/);
  });

  it('runs a stand-in in development and test, and a real provider anywhere', () => {
    for (const NODE_ENV of ['development', 'test'])
      expect(parseConfig(schema, { NODE_ENV }, { localOnly }).PROVIDER).toBe('sandbox');
    expect(
      parseConfig(schema, { ...env, NODE_ENV: 'production', PROVIDER: 'real' }, { localOnly }).PROVIDER,
    ).toBe('real');
  });
});
