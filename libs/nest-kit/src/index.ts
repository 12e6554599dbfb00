export { JsonLogger, describeError } from './json-logger';
export { currentRequestId, requestContext } from './request-context';
export { ProblemFilter, sendProblem, PROBLEM_CONTENT_TYPE } from './problem.filter';
export { toProblem } from './to-problem';
export { validate } from './validate';
export { Readiness, type ReadinessCheck, type ReadinessReport } from './readiness';
export { HealthController } from './health.controller';
export { HealthModule } from './health.module';
export { PlatformModule, redisOptions, type PlatformSettings, type ServiceName } from './platform.module';
export {
  createFastifyAdapter,
  createServiceApp,
  initServiceApp,
  listen,
  LISTEN_BACKLOG,
  runService,
  BODY_LIMIT_BYTES,
  DRAINING_HEADER,
} from './bootstrap';
export * from './tokens';
export { Public, PUBLIC_ROUTE } from './public.decorator';
export { assertRole, REQUIRED_ROLES, Roles } from './roles.decorator';
export type { RequestWithRawBody } from './json-body-parser';
export { CurrentCaller, callerOf } from './caller.decorator';
export { InternalTokens, type InternalClaims } from './internal-token';
export { InternalCallerGuard, type RequestWithCaller } from './internal-caller.guard';
export { KafkaEventTransport, startEventHandlers, type KnownConsumedEvent } from './kafka-event-transport';
export { PeriodicJob } from './periodic-job';
export { LeasedBatchJob } from './leased-batch-job';
export { FixedWindowLimiter, type RateLimit } from './fixed-window-limiter';
export {
  counterIn,
  createMetricsRegistry,
  gaugeIn,
  METRICS,
  MetricsController,
  MetricsModule,
} from './metrics';
