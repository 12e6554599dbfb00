export { parseConfig, ConfigError } from './parse-config';
export { commonConfigSchema, type CommonConfig } from './common-config';
