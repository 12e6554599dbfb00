// For tests that need to control infrastructure themselves (the Kafka outage test).
export { startKafkaBroker, stopKafkaBroker } from './kafka';
export { freePort, waitForHttp } from './net';
export { CACHE_DIR } from './paths';
// For the proof, which runs and breaks a PostgreSQL, a Redis and a Kafka cluster of its own.
export { LocalKafkaCluster } from './kafka';
export { LocalPostgresCluster, postgresAnswers } from './postgres';
export { startRedisServer } from './redis';
