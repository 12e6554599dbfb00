export { expectEventually } from './expect-eventually';
export { testRun, uniqueName } from './test-run';
export { createTestDatabase, type TestDatabase } from './test-database';
export { createTestTopics, TopicCollector } from './test-kafka';
export { bearer, TEST_INTERNAL_JWT_SECRET, TEST_JWT_SECRET } from './tokens';
export { sampleSum } from './prometheus-text';
export { ical4jProblems } from './ical4j-validator';
export {
  expandCalendar,
  onlyEvent,
  parseCalendar,
  type ExpandedInstance,
  type ParsedCalendar,
  type ParsedCalendarEvent,
} from './parse-calendar';
export { seriesSweep, sweptChange, SWEEP_WINDOW, type SweptSeries } from './series-sweep';
