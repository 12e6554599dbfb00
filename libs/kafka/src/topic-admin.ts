import type { Admin, Kafka } from 'kafkajs';
import { retryTransient } from './retry-transient';

export interface TopicSettings {
  numPartitions: number;
  replicationFactor: number;
}

/**
 * Creates the topics that are missing, then waits until the broker's metadata shows a leader for
 * every partition: a consumer that subscribes sooner is told "does not host this topic-partition".
 */
export async function ensureTopics(
  kafka: Kafka,
  topics: string[],
  settings: TopicSettings = { numPartitions: 6, replicationFactor: 1 },
  timeoutMs = 30_000,
): Promise<void> {
  await retryTransient(() => createMissingTopics(kafka, topics, settings), timeoutMs);
  await retryTransient(() => allPartitionsLed(kafka, topics), timeoutMs);
}

class PartitionsWithoutLeader extends Error {
  readonly retriable = true;
}

async function allPartitionsLed(kafka: Kafka, topics: string[]): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const { topics: metadata } = await admin.fetchTopicMetadata({ topics });
    const leaderless = metadata.flatMap((topic) =>
      topic.partitions.filter((partition) => partition.leader < 0 || partition.partitionErrorCode !== 0),
    );
    if (leaderless.length > 0)
      throw new PartitionsWithoutLeader(`${leaderless.length} partitions without a leader`);
  } finally {
    await admin.disconnect();
  }
}

async function createMissingTopics(kafka: Kafka, topics: string[], settings: TopicSettings): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const missing = topics.filter((topic) => !existing.has(topic));
    if (missing.length > 0) {
      await admin.createTopics({
        waitForLeaders: true,
        topics: missing.map((topic) => ({ topic, ...settings })),
      });
    }
  } finally {
    await admin.disconnect();
  }
}

export async function deleteTopics(kafka: Kafka, topics: string[]): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const present = topics.filter((topic) => existing.has(topic));
    if (present.length > 0) await admin.deleteTopics({ topics: present });
  } finally {
    await admin.disconnect();
  }
}

/** Readiness: one admin connection kept open, asked for the cluster's metadata on each probe. */
export class KafkaReadiness {
  private readonly admin: Admin;
  private connected: Promise<void> | undefined;

  constructor(kafka: Kafka) {
    this.admin = kafka.admin();
  }

  async check(): Promise<void> {
    this.connected ??= this.admin.connect().catch((error: unknown) => {
      this.connected = undefined;
      throw error;
    });
    await this.connected;
    await this.admin.describeCluster();
  }

  async close(): Promise<void> {
    await this.admin.disconnect();
  }
}
