import { EVENT_SOURCES } from './events';
import { deadLetterTopic, TOPICS, type TopicKey, type TopicName } from './topics';

/** A service that speaks Kafka, by the name it signs its events with and reads in as a group. */
export type KafkaClient = (typeof EVENT_SOURCES)[TopicKey];

/** The topics each service's event handlers read (each handler's `@EventPattern`, checked in tests). */
export const CONSUMED_TOPICS: Record<KafkaClient, readonly TopicName[]> = {
  'booking-service': [TOPICS.payment, TOPICS.refund],
  'payment-service': [],
  'refund-service': [TOPICS.booking],
  'notification-service': [TOPICS.booking, TOPICS.refund, TOPICS.series],
};

/** What a deployment lets one service do on Kafka: its ACLs. */
export interface KafkaAccess {
  /** Its own topics (the outbox relay), and the dead-letter topics of those it reads. */
  write: string[];
  read: string[];
  /** Its consumer group, when it reads anything. */
  group?: string;
}

/**
 * The least a service needs: it writes only the topics it owns (so no other can publish, say,
 * `payment.succeeded`) and the dead letters of what it reads; it reads what its handlers take.
 */
export function kafkaAccessOf(client: KafkaClient): KafkaAccess {
  const owned = (Object.keys(EVENT_SOURCES) as TopicKey[])
    .filter((key) => EVENT_SOURCES[key] === client)
    .map((key) => TOPICS[key]);
  const read = [...CONSUMED_TOPICS[client]];
  return {
    write: [...owned, ...read.map(deadLetterTopic)],
    read,
    ...(read.length > 0 ? { group: client } : {}),
  };
}
