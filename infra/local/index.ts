// For tests that need to control infrastructure themselves (the Kafka outage test).
export { startKafkaBroker, stopKafkaBroker } from './kafka';
export { freePort, waitForHttp } from './net';
export { CACHE_DIR } from './paths';
// For the proof, which runs and restarts a PostgreSQL and a Redis of its own.
export { LocalPostgresCluster, postgresAnswers } from './postgres';
export { startRedisServer } from './redis';
export { ensureInfra, infraAddresses, stopStarted } from './infra';
