import type { Admin, Kafka } from 'kafkajs';

export interface TopicSettings {
  numPartitions: number;
  replicationFactor: number;
}

/**
 * Creates the topics that are missing and waits for their leaders. A broker that has just started
 * answers "does not host this topic-partition" for a moment; such retriable errors are retried.
 */
export async function ensureTopics(
  kafka: Kafka,
  topics: string[],
  settings: TopicSettings = { numPartitions: 6, replicationFactor: 1 },
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await createMissingTopics(kafka, topics, settings);
    } catch (error) {
      const retriable = (error as { retriable?: boolean }).retriable === true;
      if (!retriable || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
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
