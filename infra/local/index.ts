// For tests that need to control infrastructure themselves (the Kafka outage test).
export { startKafkaBroker, stopKafkaBroker } from './kafka';
export { freePort, waitForHttp } from './net';
export { CACHE_DIR } from './paths';
