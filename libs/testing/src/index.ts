export { expectEventually } from './expect-eventually';
export { testRun, uniqueName } from './test-run';
export { createTestDatabase, type TestDatabase } from './test-database';
export { createTestTopics, TopicCollector } from './test-kafka';
export { bearer, TEST_JWT_SECRET } from './tokens';
