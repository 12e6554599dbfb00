export { createKafka, type KafkaSettings } from './create-kafka';
export { CLOUDEVENTS_HEADERS, KafkaPublisher } from './kafka-publisher';
export { KafkaEventConsumer, type ConsumedEvent, type EventHandler } from './kafka-event-consumer';
export { ensureTopics, deleteTopics, KafkaReadiness, type TopicSettings } from './topic-admin';
export type { MessagePublisher, OutgoingMessage } from './message-publisher';
export { retryTransient } from './retry-transient';
