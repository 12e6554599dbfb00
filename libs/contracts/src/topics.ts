/** Public topic names (docs/api.md). A new major version of an event means a new topic. */
export const TOPICS = {
  booking: 'booking.v1',
  payment: 'payment.v1',
  refund: 'refund.v1',
  notification: 'notification.v1',
  series: 'series.v1',
} as const;

export type TopicKey = keyof typeof TOPICS;
export type TopicName = (typeof TOPICS)[TopicKey];

/** Tests give every run a prefix so runs never read each other's events. */
export function topicName(topic: TopicName, prefix: string): string {
  return `${prefix}${topic}`;
}

export type TopicNames = Record<TopicKey, string>;

/** The public topics under a run's prefix ('' in production). */
export function topicNames(prefix: string): TopicNames {
  return {
    booking: topicName(TOPICS.booking, prefix),
    payment: topicName(TOPICS.payment, prefix),
    refund: topicName(TOPICS.refund, prefix),
    notification: topicName(TOPICS.notification, prefix),
    series: topicName(TOPICS.series, prefix),
  };
}

export const ALL_TOPICS: readonly TopicName[] = Object.values(TOPICS);

/** Where a consumer puts an event it could not apply after its last attempt. */
export function deadLetterTopic(topic: string): string {
  return `${topic}.dlq`;
}

/** Every topic a deployment creates: the public ones and their dead-letter topics. */
export const PROVISIONED_TOPICS: readonly string[] = [...ALL_TOPICS, ...ALL_TOPICS.map(deadLetterTopic)];

/** The key of one of `topics` (booking, payment, …), or undefined for a topic that is none of them. */
export function topicKeyOf(topics: TopicNames, topic: string): TopicKey | undefined {
  return (Object.keys(topics) as TopicKey[]).find((key) => topics[key] === topic);
}
