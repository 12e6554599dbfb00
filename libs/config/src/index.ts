export { parseConfig, ConfigError, isLocalEnvironment, standIn } from './parse-config';
export {
  commonConfigSchema,
  shutdownConfigSchema,
  type CommonConfig,
  type ShutdownConfig,
} from './common-config';
export { bookingLink, bookingLinkConfigSchema } from './booking-link';
export { HTTP_SERVER_LIMITS, limitHttpServer, type HttpServerLimits } from './http-server-limits';
