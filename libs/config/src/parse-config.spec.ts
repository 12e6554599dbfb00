import { z } from 'zod';
import { commonConfigSchema } from './common-config';
import { ConfigError, parseConfig } from './parse-config';

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
